import { describe, expect, it } from 'vitest';
import { isYoutubeEmbedUrl, youtubeEmbedUrl } from '@domain/youtube';

const EMBED = 'https://www.youtube.com/embed/dQw4w9WgXcQ';

describe('YouTube addresses', () => {
  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=10',
    'http://m.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/v/dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'youtu.be/dQw4w9WgXcQ?t=3',
  ])('turns %s into the embed address', (url) => {
    expect(youtubeEmbedUrl(url)).toBe(EMBED);
  });

  it.each(['https://vimeo.com/123', 'https://youtu.be/short', 'https://www.youtube.com/watch?v=dQw4w9WgXcQTOOLONG', 'javascript:alert(1)//youtu.be/dQw4w9WgXcQ', ''])('refuses %j', (url) => {
    expect(youtubeEmbedUrl(url)).toBeNull();
  });

  it('recognises only clean embed addresses as stored content', () => {
    expect(isYoutubeEmbedUrl(EMBED)).toBe(true);
    expect(isYoutubeEmbedUrl(`${EMBED}"><script>`)).toBe(false);
  });
});
