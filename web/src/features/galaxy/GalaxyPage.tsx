/**
 * /galaxy (spec document 3 §2.3, §4 Galaxy, §8, §9): every concept as a star in a full-screen
 * 3D scene — loading, then the scene or the failure text. three.js comes with this page only.
 * What lies over the scene (the way back, the search, the legend) is nearly opaque and not
 * blurred: a backdrop blur over a picture that moves is redone for every frame, which halved
 * the frame rate of a drag in software compositing.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { GraphEdge, GraphNode } from '../../api/graph';
import { graphParts } from '../graph/prefetch';
import { GALAXY_TEXT } from './constants';
import { galaxySchemeColor, galaxyTurns } from '@domain/preferences';
import { usePreferences } from '../settings/preferences-context';
import { GalaxyScene } from './galaxy-scene';
import { prepareStage } from './stage';
import { MasteryLegend } from './MasteryLegend';
import { ConceptSearch, NearbyConcepts, nearestConcepts } from '../../ui/ConceptFinder';
import { REDUCED_MOTION, useMediaQuery } from '../../lib/use-media-query';
import { landed } from '../../lib/when-idle';

type Load = { phase: 'loading' } | { phase: 'error' } | { phase: 'loaded'; nodes: GraphNode[] };

/**
 * The stars, then the links: the scene is drawn as soon as the stars arrive, and the links
 * (the larger answer) join it once that frame is on screen: their answer is read then
 * (`readEdges`). Either call failing is the failure text.
 */
function useGalaxyData(): { load: Load; readEdges: (() => Promise<GraphEdge[]>) | null; fail: () => void } {
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  const [readEdges, setReadEdges] = useState<(() => Promise<GraphEdge[]>) | null>(null);
  const fail = useCallback(() => setLoad({ phase: 'error' }), []);
  useEffect(() => {
    const ctrl = new AbortController();
    const failed = () => !ctrl.signal.aborted && fail();
    // Asked for by the route while this page's code loaded (graph/prefetch.ts), or now.
    const { nodes, edges } = graphParts(ctrl.signal);
    nodes.then((n) => !ctrl.signal.aborted && setLoad((l) => (l.phase === 'error' ? l : { phase: 'loaded', nodes: n })), failed);
    edges.then((read) => !ctrl.signal.aborted && setReadEdges(() => read), failed);
    return () => ctrl.abort();
  }, [fail]);
  return { load, readEdges, fail };
}

export function GalaxyPage() {
  const { load, readEdges, fail } = useGalaxyData();
  const navigate = useNavigate();
  const host = useRef<HTMLDivElement>(null);
  const scene = useRef<GalaxyScene | null>(null);
  const [failed, setFailed] = useState(false);
  const { preferences } = usePreferences();
  const scheme = preferences.galaxy_color_scheme;
  // The system's 'reduce motion' stops the turn, unless the person turned it on themselves;
  // a still galaxy also jumps to a searched star instead of flying there.
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  const animated = galaxyTurns(preferences, reducedMotion);
  const jump = reducedMotion && !animated;
  const [chosen, setChosen] = useState<GraphNode | null>(null);
  // The keyboard path: the chosen star and the stars nearest it in space.
  const nearby = useMemo(() => {
    if (!chosen || load.phase !== 'loaded') return null;
    return nearestConcepts(load.nodes, chosen, (n) => (n.x - chosen.x) ** 2 + (n.y - chosen.y) ** 2 + (n.z - chosen.z) ** 2);
  }, [chosen, load]);

  // The renderer, the sky and the stars' programs are made while the stars load (stage.ts).
  useEffect(prepareStage, []);
  // A galaxy that cannot be drawn has no opening work left: idle work may run.
  useEffect(() => {
    if (load.phase === 'error' || failed) landed();
  }, [load.phase, failed]);

  useEffect(() => {
    if (load.phase !== 'loaded' || !host.current) return;
    try {
      // Preference `galaxy_color_scheme`: stars recoloured by mastery in the chosen scheme
      // (the default scheme is the server's colours).
      const nodes = scheme === 'default' ? load.nodes : load.nodes.map((n) => ({ ...n, color: galaxySchemeColor(scheme, n.mastery_level, n.color) }));
      scene.current = new GalaxyScene(host.current, nodes, (node) => navigate(`/concepts/${node.id}`));
      scene.current.setAnimated(animated);
    } catch (err) {
      // No WebGL in this browser: the galaxy cannot be drawn at all.
      console.error('Galaxy scene failed', err);
      setFailed(true);
    }
    return () => {
      scene.current?.dispose();
      scene.current = null;
    };
  }, [load, navigate, scheme, animated]);

  useEffect(() => {
    // After the scene: a scene made again (another scheme) gets the links again too, each
    // once its first frame is on screen (the answer is read the first time only).
    const shown = scene.current;
    if (!readEdges || load.phase !== 'loaded' || !shown) return;
    let gone = false;
    shown.firstFrame
      .then(readEdges)
      .then((edges) => !gone && shown.setEdges(edges), () => !gone && fail());
    return () => {
      gone = true;
    };
  }, [readEdges, load, scheme, animated, fail]);

  return (
    <div className="theme-dark fixed inset-0 z-40 overflow-hidden bg-[#04030c] text-slate-100">
      <div ref={host} data-testid="galaxy" className="absolute inset-0" />
      <header className="pointer-events-none absolute inset-x-0 top-0 flex flex-wrap items-start gap-3 p-4">
        <Link to="/" className="pointer-events-auto flex items-center gap-2 rounded-full bg-space-900/90 px-3 py-2 text-sm font-semibold text-nebula-400 hover:text-white">
          <span aria-hidden="true">←</span> Astrolabe
        </Link>
        {load.phase === 'loaded' && !failed && (
          <div className="pointer-events-auto space-y-2">
            <ConceptSearch
              nodes={load.nodes}
              label={GALAXY_TEXT.search}
              lang="en"
              idPrefix="galaxy"
              onChoose={(node) => {
                scene.current?.flyTo(node, jump);
                setChosen(node);
              }}
            />
            {nearby && <NearbyConcepts nearby={nearby} title="Étoiles proches" onFocusNode={(node) => scene.current?.flyTo(node, jump)} />}
          </div>
        )}
      </header>
      {load.phase === 'loaded' && !failed && (
        <div className="absolute bottom-4 right-4">
          <MasteryLegend scheme={scheme} />
        </div>
      )}
      {load.phase === 'loading' && <Centred role="status">{GALAXY_TEXT.loading}</Centred>}
      {(load.phase === 'error' || failed) && <Centred role="alert">{GALAXY_TEXT.failed}</Centred>}
    </div>
  );
}

function Centred({ role, children }: { role: string; children: string }) {
  return (
    <div role={role} lang="en" className="absolute inset-0 flex items-center justify-center text-lg text-slate-200">
      {children}
    </div>
  );
}
