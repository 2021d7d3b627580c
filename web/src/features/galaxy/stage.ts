/**
 * What the galaxy's first frame needs that no star decides: the WebGL renderer, the camera,
 * the backdrop (the sky painted, the far stars, the dust, the core's glow) and the stars'
 * shader programs, handed to the GPU to compile. Made while the stars
 * are on their way — by boot.ts as soon as the galaxy's code has come on /galaxy, else by
 * the page as it opens — and taken by the scene when they are here (galaxy-scene.ts): on a
 * slow phone, making all this after the stars had come took a third of a second, and the
 * first frame then waited for the GPU to finish the compile.
 */
import * as THREE from 'three';
import { addBackdrop, type Backdrop } from './backdrop';
import { CAMERA_DISTANCE, FIELD_OF_VIEW, INITIAL_TILT } from './constants';
import { starMaterials, type StarMaterials } from './stars';

export interface GalaxyStage {
  renderer: THREE.WebGLRenderer;
  scene: THREE.Scene;
  camera: THREE.PerspectiveCamera;
  backdrop: Backdrop;
  /** The stars' materials, their programs compiled with the stage's. */
  stars: StarMaterials;
}

/** A stage made ahead is taken within this time, else let go (the page was left). */
const KEPT_MS = 10_000;
let kept: GalaxyStage | null = null;

function makeStage(): GalaxyStage {
  // See-through: the sky behind it is painted once by the page (backdrop.ts).
  const renderer = new THREE.WebGLRenderer({ antialias: false, alpha: true, powerPreference: 'high-performance' });
  renderer.setClearColor(0x000000, 0);
  // Asking the GPU whether each shader compiled waits for the compile: only while developing.
  renderer.debug.checkShaderErrors = import.meta.env.DEV;
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  // The galaxy covers the view: its canvas is sized again once in the page.
  renderer.setSize(window.innerWidth || 1, window.innerHeight || 1, false);
  const camera = new THREE.PerspectiveCamera(FIELD_OF_VIEW, (window.innerWidth || 1) / (window.innerHeight || 1), 10, 150_000);
  camera.position.set(0, -CAMERA_DISTANCE * Math.sin(INITIAL_TILT), CAMERA_DISTANCE * Math.cos(INITIAL_TILT));
  const scene = new THREE.Scene();
  const backdrop = addBackdrop(scene);
  const stars = starMaterials(renderer.getPixelRatio());
  // Stand-ins without a star, so that the stars' programs are compiled with the others;
  // the star field draws with the same materials (stars.ts).
  const standIns = [new THREE.Points(new THREE.BufferGeometry(), stars.full), new THREE.Points(new THREE.BufferGeometry(), stars.plain)];
  scene.add(...standIns);
  // Handed to the GPU now (flushed): it compiles while the page goes on; the first frame
  // then finds the programs linked.
  renderer.compile(scene, camera);
  renderer.getContext().flush();
  for (const standIn of standIns) {
    scene.remove(standIn);
    standIn.geometry.dispose();
  }
  return { renderer, scene, camera, backdrop, stars };
}

/** Frees what the stage holds: the GPU's buffers, programs and context, and the sky. */
export function disposeStage(stage: GalaxyStage): void {
  stage.scene.traverse((object) => {
    const o = object as THREE.Mesh;
    o.geometry?.dispose();
    (o.material as THREE.Material | undefined)?.dispose();
  });
  stage.stars.full.dispose();
  stage.stars.plain.dispose();
  stage.backdrop.dispose();
  stage.renderer.dispose();
}

/**
 * Makes the stage ahead of the stars, once. A browser without WebGL makes none: the page
 * says so when it makes its own.
 */
export function prepareStage(): void {
  if (kept) return;
  try {
    const stage = makeStage();
    kept = stage;
    setTimeout(() => {
      if (kept !== stage) return;
      kept = null;
      disposeStage(stage);
    }, KEPT_MS);
  } catch {
    // No WebGL: the scene tries again and shows the failure.
  }
}

/** The stage made ahead, else one made now; throws without WebGL. */
export function takeStage(): GalaxyStage {
  const stage = kept;
  kept = null;
  return stage ?? makeStage();
}
