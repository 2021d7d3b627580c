/**
 * The galaxy's three.js scene. Lifecycle: created once the stars have loaded, it owns a
 * WebGL canvas inside `host`; a frame is drawn only when something moved (orbit, damping,
 * a flight, a resize), so an idle galaxy costs nothing. `dispose()` frees the GPU and
 * listeners when the page leaves. The camera's position, rounded, is written on
 * `host.dataset.camera` after each move, for people's tools and the tests alike.
 *
 * Quality follows the frame time (quality.ts): every drawn frame that follows another is
 * timed, and while the camera moves the scene is drawn at the step those times allow
 * (`host.dataset.quality`); once the camera is still, the view is drawn again in full.
 * `host.dataset.labels` says 'settled' once the names shown were chosen and placed for a
 * still camera at full quality ('moving' before), and `host.dataset.labelsSize` the size
 * of the view they were placed in. The first frame draws the stars; the names and then the
 * links follow once that frame is on screen, built in short tasks (SLICE_MS) that wait
 * while the person drags, so that a drag that starts at once is not held up by them.
 */
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import type { GraphEdge, GraphNode } from '../../api/graph';
import { FLIGHT_MS, FOCUS_ABOVE, FOCUS_BEHIND, ZOOM_MAX, ZOOM_MIN } from './constants';
import { LabelPicker } from './label-picker';
import { LabelLayer } from './labels';
import { linkPositions } from './link-positions';
import { nextTask } from '../../lib/next-task';
import { landed } from '../../lib/when-idle';
import { inSlices } from './slices';
import { initialQuality, observeFrame, qualityOf, QUALITY_STEPS, type GalaxyQuality } from './quality';
import { disposeStage, takeStage, type GalaxyStage } from './stage';
import { createStarField, pickStar, type StarField } from './stars';

const easeInOut = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);
const CLICK_SLOP = 5;
/** The camera counts as still once it has not moved for this long. */
const SETTLE_MS = 180;
/**
 * The work after the first frame (filing the stars for their names, the links' geometry)
 * runs in tasks of about this long, the page drawing and answering input between them, and
 * not at all while the person drags: a drag that starts with the first frame keeps its 30
 * frames a second on a phone, and the names and links come once the person lets go.
 */
const SLICE_MS = 5;

interface Flight {
  start: number;
  from: THREE.Vector3;
  fromTarget: THREE.Vector3;
  to: THREE.Vector3;
  toTarget: THREE.Vector3;
}

export class GalaxyScene {
  private readonly renderer: THREE.WebGLRenderer;
  private readonly scene: THREE.Scene;
  private readonly camera: THREE.PerspectiveCamera;
  private readonly controls: OrbitControls;
  private readonly stars: StarField;
  /** The names, laid out once the first frame is on screen (filing 10,000 stars to choose among them is a long task on a phone). */
  private labels: LabelLayer | null = null;
  /** The star last flown to, for names chosen after the flight started. */
  private focused: GraphNode | null = null;
  private readonly resizeObserver: ResizeObserver;
  /** What the scene was made on (stage.ts): freed with it. */
  private readonly stage: GalaxyStage;
  private frame = 0;
  private dirty = true;
  private flight: Flight | null = null;
  private pointerDown: { x: number; y: number } | null = null;
  private framesDrawn = 0;
  /** The pixel ratio of the full picture (the stage's). */
  private readonly fullPixelRatio: number;
  private lastMotion = -Infinity;
  private lastTick = 0;
  private drewLastTick = false;
  private wasMoving = false;
  /** The person is dragging or zooming the camera (between the controls' start and end). */
  private personMoving = false;
  /** When the person last let go of the camera. */
  private letGoAt = -Infinity;
  private quality = initialQuality();
  private applied: GalaxyQuality = QUALITY_STEPS[0]!;
  /** The scene's shader programs are compiled: nothing is drawn before (the sky shows meanwhile). */
  private compiled = false;
  private disposed = false;
  /** Links given before the first frame: built once it is on screen (46,000 links are a long task on a phone). */
  private edgesAfterFirstFrame: readonly GraphEdge[] | null = null;
  /** The work after the first frame, one piece after the other (the names, then the links). */
  private later: Promise<void> = Promise.resolve();
  /** Counts `setEdges` calls: links built for older edges are dropped. */
  private edgesGiven = 0;
  private firstFrameDrawn!: () => void;
  /** Settles once the first frame is on screen (the page reads the links' answer then). */
  readonly firstFrame = new Promise<void>((resolve) => (this.firstFrameDrawn = resolve));

  constructor(
    private readonly host: HTMLElement,
    private readonly nodes: readonly GraphNode[],
    private readonly onPick: (node: GraphNode) => void,
  ) {
    // The renderer, camera, backdrop and the stars' programs, made while the stars loaded (stage.ts).
    const stage = (this.stage = takeStage());
    ({ renderer: this.renderer, scene: this.scene, camera: this.camera } = stage);
    this.fullPixelRatio = this.renderer.getPixelRatio();
    this.renderer.domElement.setAttribute('aria-label', 'Galaxy');
    this.renderer.domElement.className = 'relative block h-full w-full';
    host.insertBefore(this.renderer.domElement, host.firstChild);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.minDistance = ZOOM_MIN;
    this.controls.maxDistance = ZOOM_MAX;
    this.controls.enableDamping = true;
    this.controls.dampingFactor = 0.12;
    this.controls.screenSpacePanning = true;
    this.controls.addEventListener('change', () => {
      this.lastMotion = performance.now();
      this.invalidate();
    });
    this.controls.addEventListener('start', () => {
      this.personMoving = true;
    });
    this.controls.addEventListener('end', () => {
      this.personMoving = false;
      this.letGoAt = performance.now();
      this.publishCamera();
    });
    stage.backdrop.show(host);
    this.stars = createStarField(nodes, stage.stars);
    this.scene.add(this.stars.group);
    // The programs were handed to the GPU with the stage; any left are compiled without
    // blocking the page where the browser compiles in parallel (KHR_parallel_shader_compile).
    // A compile that fails here is left to the first render, which compiles what it draws.
    void this.compile().then(() => {
      this.compiled = true;
      this.invalidate();
    });
    this.renderer.getContext().flush();
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(host);
    this.renderer.domElement.addEventListener('pointerdown', this.onPointerDown);
    this.renderer.domElement.addEventListener('pointerup', this.onPointerUp);
    this.resize();
    this.publishCamera();
    host.dataset.quality = '0';
    this.frame = requestAnimationFrame(this.tick);
  }

  /** Preference `galaxy_animation_enabled`: a slow turn around the centre (the camera orbits, labels follow). */
  setAnimated(on: boolean): void {
    this.controls.autoRotate = on;
    this.controls.autoRotateSpeed = 0.3;
    this.host.dataset.animated = String(on);
    this.invalidate();
  }

  setEdges(edges: readonly GraphEdge[]): void {
    // Links that come before the first frame are laid out once it is on screen.
    if (this.framesDrawn === 0) {
      this.edgesAfterFirstFrame = edges;
      return;
    }
    const given = ++this.edgesGiven;
    this.afterThat(async () => {
      const positions = await this.inSlices(linkPositions(this.nodes, edges));
      if (this.disposed || !positions || given !== this.edgesGiven) return;
      this.stars.setLinks(positions);
      // The links' program is compiled before they are drawn, so that no frame waits for it.
      await this.compile();
      if (this.disposed) return;
      this.stars.showLinks();
      this.invalidate();
      landed();
    });
  }

  /**
   * Flies the camera smoothly to a star: 200 above it and 800 behind it, looking at it
   * (`data-flight` says 'flying' meanwhile). With `jump` (reduced motion) it is there at once.
   */
  flyTo(node: GraphNode, jump = false): void {
    this.flight = {
      start: performance.now(),
      from: this.camera.position.clone(),
      fromTarget: this.controls.target.clone(),
      to: new THREE.Vector3(node.x, node.y + FOCUS_ABOVE, node.z + FOCUS_BEHIND),
      toTarget: new THREE.Vector3(node.x, node.y, node.z),
    };
    this.controls.enabled = false;
    this.focused = node;
    this.labels?.focus(node);
    this.host.dataset.labels = 'moving';
    if (jump) {
      this.stepFlight(this.flight.start + FLIGHT_MS);
      return;
    }
    this.host.dataset.flight = 'flying';
    this.invalidate();
  }

  /** The scene's shader programs compiled without blocking the page; settles even when the compile fails. */
  private compile(): Promise<unknown> {
    return this.renderer.compileAsync(this.scene, this.camera).catch(() => undefined);
  }

  dispose(): void {
    this.disposed = true;
    landed();
    cancelAnimationFrame(this.frame);
    this.resizeObserver.disconnect();
    this.controls.dispose();
    this.labels?.dispose();
    disposeStage(this.stage);
    this.renderer.domElement.remove();
  }

  private invalidate(): void {
    this.dirty = true;
  }

  private readonly tick = (now: number) => {
    this.frame = requestAnimationFrame(this.tick);
    // A frame drawn on the tick before this one took this long, as the person sees it.
    if (this.drewLastTick) this.quality = observeFrame(this.quality, now - this.lastTick);
    this.lastTick = now;
    this.drewLastTick = false;
    if (this.flight) this.stepFlight(now);
    else this.controls.update();
    const moving = this.flight !== null || now - this.lastMotion < SETTLE_MS;
    // Once still, the view is drawn again in full, its names chosen again for where the camera stopped.
    const quality = moving ? qualityOf(this.quality) : QUALITY_STEPS[0]!;
    if (quality !== this.applied) this.dirty = true;
    if (this.wasMoving && !moving) {
      this.dirty = true;
      this.labels?.chooseAgain();
    }
    this.wasMoving = moving;
    if (!this.dirty || !this.compiled || this.disposed) return;
    this.dirty = false;
    this.apply(quality);
    this.renderer.render(this.scene, this.camera);
    this.drewLastTick = true;
    this.framesDrawn += 1;
    if (this.framesDrawn > 1) {
      this.placeLabels(moving, now);
      return;
    }
    this.host.dataset.frames = 'drawn';
    performance.mark('galaxy-first-frame');
    // The names, then the links, once this frame is painted.
    setTimeout(this.afterFirstFrame);
  };

  private readonly afterFirstFrame = () => {
    this.firstFrameDrawn();
    this.afterThat(async () => {
      const picker = new LabelPicker(this.nodes, { inSteps: true });
      await this.inSlices(picker.filing);
      if (this.disposed) return;
      const labels = new LabelLayer(this.host, picker);
      // Placed in a task of its own: making the pool of labels and placing them are each a few milliseconds on a phone.
      await nextTask();
      if (this.disposed) return labels.dispose();
      this.labels = labels;
      labels.setLimit(this.applied.labels);
      if (this.focused) labels.focus(this.focused);
      this.placeLabels(this.wasMoving, performance.now());
    });
    const edges = this.edgesAfterFirstFrame;
    this.edgesAfterFirstFrame = null;
    if (edges) this.setEdges(edges);
  };

  /** Runs `job` once the work after the first frame given before it is done (or given up). */
  private afterThat(job: () => Promise<void>): void {
    this.later = this.later.then(job).catch((err: unknown) => console.error('Galaxy names or links failed', err));
  }

  /**
   * Runs `work` step by step in tasks of about SLICE_MS, none while the person moves the
   * camera or until it has settled, and answers what it returns; null when the scene is
   * disposed meanwhile.
   */
  private inSlices<T>(work: Generator<void, T>): Promise<T | null> {
    return inSlices(work, { sliceMs: SLICE_MS, held: () => this.personMoving || performance.now() - this.letGoAt < SETTLE_MS, gone: () => this.disposed });
  }

  /** Places the names for the camera of the frame just drawn. */
  private placeLabels(moving: boolean, now: number): void {
    if (!this.labels) return;
    const [width, height] = [this.host.clientWidth, this.host.clientHeight];
    this.labels.update(this.camera, width, height, now);
    this.host.dataset.labels = moving ? 'moving' : 'settled';
    this.host.dataset.labelsSize = `${width}x${height}`;
  }

  /** Draws from now on with `quality`'s pixels, glows, names and links (changed at once, never animated). */
  private apply(quality: GalaxyQuality): void {
    if (quality === this.applied) return;
    this.applied = quality;
    // A new pixel ratio sizes the canvas again, which waits for the GPU to finish what it was
    // given: only when the ratio changes.
    const ratio = this.fullPixelRatio * quality.pixelScale;
    if (ratio !== this.renderer.getPixelRatio()) this.renderer.setPixelRatio(ratio);
    this.stars.setDetail(quality, this.renderer.getPixelRatio());
    this.stage.backdrop.setSkyShare(quality.skyShare);
    this.labels?.setLimit(quality.labels);
    this.host.dataset.quality = String(QUALITY_STEPS.indexOf(quality));
  }

  private stepFlight(now: number): void {
    const f = this.flight!;
    const t = Math.min(1, (now - f.start) / FLIGHT_MS);
    const k = easeInOut(t);
    // At the end, exactly where it was sent: from + (to - from) can miss `to` by a rounding error.
    if (t < 1) {
      this.camera.position.lerpVectors(f.from, f.to, k);
      this.controls.target.lerpVectors(f.fromTarget, f.toTarget, k);
    } else {
      this.camera.position.copy(f.to);
      this.controls.target.copy(f.toTarget);
    }
    this.camera.lookAt(this.controls.target);
    this.dirty = true;
    if (t < 1) return;
    this.flight = null;
    delete this.host.dataset.flight;
    this.controls.enabled = true;
    // Where the flight ended, before an animated galaxy turns on from there.
    this.publishCamera();
    this.controls.update();
  }

  private publishCamera(): void {
    const p = this.camera.position;
    this.host.dataset.camera = [p.x, p.y, p.z].map((v) => Math.round(v)).join(',');
  }

  private resize(): void {
    const width = this.host.clientWidth || 1;
    const height = this.host.clientHeight || 1;
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    // Other stars are on screen in a view of another shape.
    this.labels?.chooseAgain();
    this.invalidate();
  }

  private readonly onPointerDown = (e: PointerEvent) => {
    this.pointerDown = { x: e.clientX, y: e.clientY };
  };

  /** A click (not the end of a drag) on a star opens its concept. */
  private readonly onPointerUp = (e: PointerEvent) => {
    const down = this.pointerDown;
    this.pointerDown = null;
    if (!down || Math.hypot(e.clientX - down.x, e.clientY - down.y) > CLICK_SLOP) return;
    const rect = this.renderer.domElement.getBoundingClientRect();
    const node = pickStar(this.nodes, this.camera, rect.width, rect.height, e.clientX - rect.left, e.clientY - rect.top);
    if (node) this.onPick(node);
  };
}
