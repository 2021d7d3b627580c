/**
 * The galaxy's background, drawn by the app (nothing is fetched): a nebula painted on a
 * canvas and shown behind the scene, a few thousand faint far stars, and the glow of the
 * galactic core. A seeded generator keeps the sky the same from visit to visit.
 */
import * as THREE from 'three';
import { basePlace } from '@domain/galaxy-layout';
import { addsLight } from './light-blending';
import { boundingSphereOf } from './bounding-sphere';

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0) / 4_294_967_296);
}

const NEBULA_COLORS = ['118, 60, 200', '60, 90, 220', '190, 60, 170', '40, 140, 200', '90, 40, 150'];

/**
 * The sky: deep blue-black with soft purple and blue clouds along a band. Painted small
 * (the clouds are soft, the page stretches them over the view) and on the CPU: a large
 * GPU canvas cost software GL and a phone's GPU hundreds of milliseconds of painting,
 * then as much again to read it back for the image, while the galaxy's first frame waited.
 */
function nebulaCanvas(): HTMLCanvasElement {
  const width = 512;
  const height = 256;
  const scale = width / 2048;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  // A canvas the CPU paints: nothing for the GPU process to draw, nor to hand back for the image.
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  const sky = ctx.createLinearGradient(0, 0, 0, height);
  sky.addColorStop(0, '#04030c');
  sky.addColorStop(0.5, '#0a0820');
  sky.addColorStop(1, '#04030c');
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, width, height);
  const rand = seeded(7);
  ctx.globalCompositeOperation = 'lighter';
  for (let i = 0; i < 70; i++) {
    // Clouds gather near the sky's equator band, like a galactic plane seen from inside.
    const x = rand() * width;
    const y = height * (0.5 + (rand() - 0.5) * (rand() < 0.7 ? 0.45 : 0.9));
    const r = (60 + rand() * 260) * scale;
    const color = NEBULA_COLORS[Math.floor(rand() * NEBULA_COLORS.length)];
    const alpha = 0.03 + rand() * 0.06;
    for (const dx of [-width, 0, width]) {
      const g = ctx.createRadialGradient(x + dx, y, 0, x + dx, y, r);
      g.addColorStop(0, `rgba(${color}, ${alpha})`);
      g.addColorStop(1, `rgba(${color}, 0)`);
      ctx.fillStyle = g;
      ctx.fillRect(x + dx - r, y - r, r * 2, r * 2);
    }
  }
  return canvas;
}

/** Points at `positions` in `colors`, with their bounding sphere (else computed on the first frame). */
function pointsOf(positions: Float32Array, colors: Float32Array): THREE.BufferGeometry {
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
  geometry.setAttribute('color', new THREE.BufferAttribute(colors, 3));
  geometry.boundingSphere = boundingSphereOf(positions);
  return geometry;
}

/** Far stars on a shell well beyond the zoom limit, so they never come close. */
function farStars(count: number): THREE.Points {
  const rand = seeded(11);
  const positions = new Float32Array(count * 3);
  const colors = new Float32Array(count * 3);
  for (let i = 0; i < count; i++) {
    const u = rand() * 2 - 1;
    const phi = rand() * Math.PI * 2;
    const r = 45_000 + rand() * 20_000;
    const s = Math.sqrt(1 - u * u);
    // Written in place: an array a star cost thousands of short-lived arrays on a phone.
    positions[i * 3] = r * s * Math.cos(phi);
    positions[i * 3 + 1] = r * s * Math.sin(phi);
    positions[i * 3 + 2] = r * u;
    const tint = 0.6 + rand() * 0.4;
    colors[i * 3] = tint;
    colors[i * 3 + 1] = tint;
    colors[i * 3 + 2] = 0.8 + rand() * 0.2;
  }
  return new THREE.Points(pointsOf(positions, colors), addsLight(new THREE.PointsMaterial({ size: 1.2, sizeAttenuation: false, vertexColors: true, opacity: 0.55, depthWrite: false })));
}

const VIOLET_DUST = [0.45, 0.35, 0.85];
const BLUE_DUST = [0.3, 0.45, 0.9];

/**
 * Faint dust along the spiral arms, placed by the same rule as loose stars (negative ids
 * no concept has), so the galaxy reads as one even with a handful of concepts.
 */
function armDust(count: number): THREE.Points {
  const positions = new Float32Array(count * 3);
  const colors = new Float32Array(count * 3);
  const rand = seeded(23);
  for (let i = 0; i < count; i++) {
    const [x, y] = basePlace({ id: -1 - i, constellationId: null, cards: 0 });
    positions[i * 3] = x;
    positions[i * 3 + 1] = y;
    positions[i * 3 + 2] = (rand() - 0.5) * 500;
    colors.set(rand() < 0.5 ? VIOLET_DUST : BLUE_DUST, i * 3);
  }
  return new THREE.Points(pointsOf(positions, colors), addsLight(new THREE.PointsMaterial({ size: 1.6, sizeAttenuation: false, vertexColors: true, opacity: 0.5, depthWrite: false })));
}

const GLOW_VERTEX = /* glsl */ `
  uniform float size;
  varying vec2 vUv;
  void main() {
    vUv = uv;
    // Always facing the camera, as a sprite: the square is laid out around the centre in view space.
    vec4 centre = modelViewMatrix * vec4(0.0, 0.0, 0.0, 1.0);
    centre.xy += position.xy * size;
    gl_Position = projectionMatrix * centre;
  }
`;

/**
 * A radial gradient worked out for each pixel (sRGB, as drawn on screen): warm white at the
 * centre, violet at a quarter of the way out, fading to nothing at the edge. Software GL
 * draws it in a third of the time a sampled texture took (no texture to filter or decode),
 * on the few hundred thousand pixels the glow covers in every frame.
 */
const GLOW_FRAGMENT = /* glsl */ `
  varying vec2 vUv;
  const vec4 CENTRE = vec4(1.0, 0.925, 0.824, 0.55);
  const vec4 QUARTER = vec4(0.824, 0.627, 1.0, 0.22);
  const vec4 EDGE = vec4(0.314, 0.157, 0.627, 0.0);
  void main() {
    float r = length(vUv - 0.5) * 2.0;
    if (r >= 1.0) discard;
    gl_FragColor = r < 0.25 ? mix(CENTRE, QUARTER, r / 0.25) : mix(QUARTER, EDGE, (r - 0.25) / 0.75);
  }
`;

/** The warm glow of the crowded centre, 7,000 across. */
function coreGlow(): THREE.Mesh {
  const material = addsLight(new THREE.ShaderMaterial({ vertexShader: GLOW_VERTEX, fragmentShader: GLOW_FRAGMENT, uniforms: { size: { value: 7_000 } }, depthWrite: false }));
  const glow = new THREE.Mesh(new THREE.PlaneGeometry(1, 1), material);
  // Laid out in the shader: its geometry's own bounds say nothing of where it shows.
  glow.frustumCulled = false;
  return glow;
}

/** The far stars and the dust, added to `scene`; `setShare` draws that share of each (a seeded random subset). */
export function skyPoints(scene: THREE.Scene): { setShare(share: number): void } {
  const sets = [farStars(2_500), armDust(6_000)];
  for (const points of sets) {
    // Around the camera and across the view, always in it: not tested against it (stars.ts).
    points.frustumCulled = false;
    scene.add(points);
  }
  return {
    setShare(share) {
      for (const { geometry } of sets) geometry.setDrawRange(0, Math.round(geometry.getAttribute('position').count * share));
    },
  };
}

/** The backdrop of a scene: its sky, shown in a page and taken away again. */
export interface Backdrop {
  /** Draws this share of the far stars and the dust (quality.ts `skyShare`). */
  setSkyShare(share: number): void;
  /** Shows the sky beneath everything else in `host`. */
  show(host: HTMLElement): void;
  /** Takes the sky away (and lets its image go). */
  dispose(): void;
}

/**
 * The backdrop: the sky painted once and shown by the page behind the scene's see-through
 * canvas (so software GL does not redraw a full-screen sky on every frame; it stays still
 * while the stars turn), then the far stars, the dust and the core's glow in the scene.
 * Needs no page: made while the stars are on their way (stage.ts), shown once they are here.
 */
export function addBackdrop(scene: THREE.Scene): Backdrop {
  const sky = document.createElement('div');
  sky.className = 'pointer-events-none absolute inset-0 bg-[#04030c] bg-cover bg-center';
  sky.setAttribute('aria-hidden', 'true');
  let url: string | null = null;
  let removed = false;
  // Encoded off the page's main thread; the sky shows as soon as it is ready.
  nebulaCanvas().toBlob((blob) => {
    if (!blob || removed) return;
    url = URL.createObjectURL(blob);
    sky.style.backgroundImage = `url("${url}")`;
  });
  const points = skyPoints(scene);
  scene.add(coreGlow());
  return {
    setSkyShare: points.setShare,
    show(host) {
      host.insertBefore(sky, host.firstChild);
    },
    dispose() {
      removed = true;
      sky.remove();
      if (url) URL.revokeObjectURL(url);
    },
  };
}
