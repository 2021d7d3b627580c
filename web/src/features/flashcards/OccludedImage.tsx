/**
 * An image-occlusion card's picture on a review screen: the image with its masks drawn as
 * SVG over it, in fractions of the image so they follow it at any size. The question masks
 * the asked shape (and, in 'hide_all', the others in a second colour); the answer shows the
 * asked shape uncovered, outlined. A caption says the same in words.
 */
import { describeShape, masksOf, type CardOcclusion, type MaskKind } from '@domain/image-occlusion';

/** Anki's own colours: the asked shape in coral, the others in pale yellow. */
export const MASK_STYLE: Record<MaskKind, { fill: string; stroke: string; dash?: string }> = {
  asked: { fill: '#ff7e7e', stroke: '#7f1d1d' },
  masked: { fill: '#ffeba2', stroke: '#854d0e' },
  revealed: { fill: 'transparent', stroke: '#22d3ee', dash: '6 3' },
};

export function OccludedImage({ occlusion, side, testId }: { occlusion: CardOcclusion; side: 'question' | 'answer'; testId: string }) {
  const masks = masksOf(occlusion, side);
  const asked = occlusion.shapes[occlusion.target]!;
  const count = occlusion.shapes.length;
  const place = describeShape(asked);
  return (
    <figure className="my-3" data-testid={testId} data-side={side}>
      <div className="relative inline-block max-w-full">
        <img src={occlusion.image} alt="Image de la carte, avec ses zones masquées" className="block max-h-[60vh] max-w-full rounded" />
        <svg className="pointer-events-none absolute inset-0 h-full w-full" viewBox="0 0 1 1" preserveAspectRatio="none" aria-hidden>
          {masks.map((mask) => {
            const style = MASK_STYLE[mask.kind];
            const { left, top, width, height } = mask.shape;
            const paint = {
              fill: style.fill,
              stroke: style.stroke,
              strokeWidth: mask.kind === 'revealed' ? 3 : 1.5,
              strokeDasharray: style.dash,
              vectorEffect: 'non-scaling-stroke' as const,
              'data-kind': mask.kind,
            };
            // An ellipse is the one inscribed in the shape's box (Anki's 'ellipse').
            return mask.shape.kind === 'ellipse' ? (
              <ellipse key={mask.index} cx={left + width / 2} cy={top + height / 2} rx={width / 2} ry={height / 2} data-shape="ellipse" {...paint} />
            ) : (
              <rect key={mask.index} x={left} y={top} width={width} height={height} data-shape="rect" {...paint} />
            );
          })}
        </svg>
      </div>
      <figcaption className="mt-1 text-sm text-slate-300">
        {side === 'question'
          ? `Zone masquée ${occlusion.target + 1} sur ${count} (en rouge), ${place}.`
          : `Zone ${occlusion.target + 1} sur ${count} révélée (encadrée)${asked.label ? ` : ${asked.label}` : ''}.`}
        {occlusion.mode === 'hide_all' && count > 1 && ' Les autres zones restent masquées (en jaune).'}
      </figcaption>
    </figure>
  );
}
