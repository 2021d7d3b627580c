/**
 * The stars and their links in a few draw calls, whatever the count: full stars (a glowing
 * disc sized 1.5–4 by the node's size) within FULL_STAR_RADIUS of the centre, small points
 * beyond it, and the links as faint line segments. On a slow device only the biggest full
 * stars keep their glow (quality.ts): the full stars are stored biggest first, the glow
 * draws the first of them and plain points the rest, from the same buffers; on the slowest,
 * while the camera moves or the galaxy turns, only the bigger part of the rest.
 */
import * as THREE from 'three';
import { starColor } from '@domain/galaxy-colors';
import type { GraphNode } from '../../api/graph';
import { EDGE_WEIGHT, FULL_STAR_RADIUS, STAR_SIZE_MAX, STAR_SIZE_MIN } from './constants';
import { addsLight } from './light-blending';
import { boundingSphereOf } from './bounding-sphere';

const VERTEX = /* glsl */ `
  attribute float size;
  attribute vec3 color;
  varying vec3 vColor;
  uniform float pixelRatio;
  void main() {
    vColor = color;
    vec4 mv = modelViewMatrix * vec4(position, 1.0);
    gl_Position = projectionMatrix * mv;
    // Grows as the camera comes closer; kept small, as software GL pays for every pixel.
    gl_PointSize = min(size * 5.0 * clamp(6000.0 / -mv.z, 1.0, 8.0), 48.0) * pixelRatio;
  }
`;

const FRAGMENT = /* glsl */ `
  varying vec3 vColor;
  void main() {
    float r = length(gl_PointCoord - 0.5) * 2.0;
    if (r > 1.0) discard;
    float core = smoothstep(0.28, 0.0, r);
    float glow = pow(1.0 - r, 3.0) * 0.75;
    gl_FragColor = vec4(mix(vColor, vec3(1.0), core * core * 0.45) * (core * 1.2 + glow), 1.0);
  }
`;

export interface StarDetail {
  /** The links are drawn. */
  links: boolean;
  /** Share of the full stars drawn with their glow, the biggest first. */
  glowShare: number;
  /** Share of the other stars drawn, as plain points: the biggest first among the full stars. */
  starShare: number;
}

export interface StarField {
  group: THREE.Group;
  /** The links (`linkPositions`' answer), hidden until `showLinks()` (their shader program is compiled meanwhile). */
  setLinks(positions: Float32Array): void;
  showLinks(): void;
  /** What is drawn; `pixelRatio` keeps the stars' apparent size when the ratio changes. */
  setDetail(detail: StarDetail, pixelRatio: number): void;
}

/** The biggest full stars keep their glow at every quality: a small collection always glows. */
const MIN_GLOWS = 200;

const starSize = (n: GraphNode) => STAR_SIZE_MIN + (STAR_SIZE_MAX - STAR_SIZE_MIN) * Math.min(1, Math.max(0, n.size));

/**
 * Each 0–255 channel of an sRGB colour as three.js draws it (its working, linear space), as
 * `new THREE.Color('#rrggbb')` converts it: read from this table, not computed again for
 * each of thousands of stars whose colours are nearly all different (a mastery gradient).
 */
function channelTable(): Float32Array {
  const color = new THREE.Color();
  return Float32Array.from({ length: 256 }, (_, i) => color.setRGB(i / 255, 0, 0, THREE.SRGBColorSpace).r);
}

/** The stars `order` names (indexes into `nodes`), in that order. */
function pointsGeometry(nodes: readonly GraphNode[], order: readonly number[], sizes: Float64Array, channel: Float32Array): THREE.BufferGeometry {
  const count = order.length;
  const positions = new Float32Array(count * 3);
  const colors = new Float32Array(count * 3);
  const drawnSizes = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const at = order[i]!;
    const n = nodes[at]!;
    // Always '#rrggbb' (galaxy-colors.ts).
    const hex = Number.parseInt(starColor(n).slice(1), 16);
    positions[i * 3] = n.x;
    positions[i * 3 + 1] = n.y;
    positions[i * 3 + 2] = n.z;
    colors[i * 3] = channel[(hex >> 16) & 255]!;
    colors[i * 3 + 1] = channel[(hex >> 8) & 255]!;
    colors[i * 3 + 2] = channel[hex & 255]!;
    drawnSizes[i] = sizes[at]!;
  }
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
  geometry.setAttribute('color', new THREE.BufferAttribute(colors, 3));
  geometry.setAttribute('size', new THREE.BufferAttribute(drawnSizes, 1));
  geometry.boundingSphere = boundingSphereOf(positions);
  return geometry;
}

/** The stars' two materials: the glowing disc, and plain points. */
export interface StarMaterials {
  full: THREE.ShaderMaterial;
  plain: THREE.PointsMaterial;
}

/** The stars' materials, needing no star: their shader programs are compiled while the stars load (stage.ts). */
export function starMaterials(pixelRatio: number): StarMaterials {
  return {
    full: addsLight(
      new THREE.ShaderMaterial({
        vertexShader: VERTEX,
        fragmentShader: FRAGMENT,
        uniforms: { pixelRatio: { value: pixelRatio } },
        depthWrite: false,
      }),
    ),
    plain: new THREE.PointsMaterial({ size: 2.5, sizeAttenuation: false, vertexColors: true, depthWrite: false }),
  };
}

export function createStarField(nodes: readonly GraphNode[], { full, plain }: StarMaterials): StarField {
  const group = new THREE.Group();
  // One pass over the stars: each one's size, and whether it is near the centre (a full
  // star) or beyond; the full ones then biggest first (a stable sort: equal sizes keep their order).
  const sizes = new Float64Array(nodes.length);
  const near: number[] = [];
  const far: number[] = [];
  nodes.forEach((n, i) => {
    sizes[i] = starSize(n);
    (Math.hypot(n.x, n.y, n.z) <= FULL_STAR_RADIUS ? near : far).push(i);
  });
  near.sort((a, b) => sizes[b]! - sizes[a]!);
  const channel = channelTable();
  const glowing = pointsGeometry(nodes, near, sizes, channel);
  // The full stars without their glow: the same buffers, drawn from where the glow stops.
  const unlit = new THREE.BufferGeometry();
  for (const name of ['position', 'color', 'size']) unlit.setAttribute(name, glowing.getAttribute(name));
  unlit.boundingSphere = glowing.boundingSphere!.clone();
  unlit.setDrawRange(near.length, 0);
  group.add(new THREE.Points(glowing, full));
  group.add(new THREE.Points(unlit, plain));
  const beyond = pointsGeometry(nodes, far, sizes, channel);
  group.add(new THREE.Points(beyond, plain));
  // The stars fill the view: testing whether each set is out of it would only cost time
  // (the bounding spheres, written with the buffers, only order what is drawn).
  for (const points of group.children) points.frustumCulled = false;
  // Every link joins two stars, so it lies within a sphere holding them all: the links'
  // sphere is that one, not one three.js would compute over 92,000 ends in a frame.
  const allStars = glowing.boundingSphere!.clone().union(beyond.boundingSphere!);
  let lines: THREE.LineSegments | null = null;
  let withLinks = true;
  let linksShown = false;
  return {
    group,
    setDetail(detail, pixelRatio) {
      const glows = Math.min(near.length, Math.max(MIN_GLOWS, Math.round(near.length * detail.glowShare)));
      glowing.setDrawRange(0, glows);
      unlit.setDrawRange(glows, Math.round((near.length - glows) * detail.starShare));
      beyond.setDrawRange(0, Math.round(far.length * detail.starShare));
      withLinks = detail.links;
      full.uniforms.pixelRatio!.value = pixelRatio;
      if (lines) lines.visible = withLinks && linksShown;
    },
    showLinks() {
      linksShown = true;
      if (lines) lines.visible = withLinks;
    },
    setLinks(positions) {
      const geometry = new THREE.BufferGeometry();
      geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
      geometry.boundingSphere = allStars.clone();
      if (lines) group.remove(lines);
      lines = new THREE.LineSegments(geometry, addsLight(new THREE.LineBasicMaterial({ color: 0x9d8cff, opacity: EDGE_WEIGHT * 0.6, depthWrite: false })));
      lines.frustumCulled = false;
      lines.visible = withLinks && linksShown;
      group.add(lines);
    },
  };
}

/**
 * The star under a screen point: the nearest projected star within `radius` pixels,
 * the closer to the camera on a tie. Projects every star (cheap at 10,000, done on click).
 */
export function pickStar(nodes: readonly GraphNode[], camera: THREE.PerspectiveCamera, width: number, height: number, px: number, py: number, radius = 12): GraphNode | null {
  const v = new THREE.Vector3();
  let best: GraphNode | null = null;
  let bestScore = Infinity;
  for (const n of nodes) {
    v.set(n.x, n.y, n.z).project(camera);
    if (v.z < -1 || v.z > 1) continue;
    const dx = ((v.x + 1) / 2) * width - px;
    const dy = ((1 - v.y) / 2) * height - py;
    const d = Math.hypot(dx, dy);
    if (d > radius) continue;
    const score = d + v.z * 1e-3;
    if (score < bestScore) {
      bestScore = score;
      best = n;
    }
  }
  return best;
}
