/**
 * /dashboard (spec document 1 §2 'Dashboard'): four tabs that a swipe or the arrow keys
 * move between; every metric card explains itself and shows 'Erreur' when its data failed.
 */
import { useEffect, useRef, useState, type TouchEvent } from 'react';
import { Tabs } from '../flashcards/Tabs';
import { ActivityTab, CollectionTab, ForecastTab, OverviewTab } from './DashboardTabs';
import { useDashboardStats } from './use-dashboard-stats';
import { LeechList } from './LeechList';
import { ReviewHeatmap } from './ReviewHeatmap';

const TABS = ["Vue d'Ensemble", 'Activité', 'État Collection', 'Prévisions'] as const;
type Tab = (typeof TABS)[number];
const SWIPE_MIN_PX = 50;

export function DashboardPage() {
  const sources = useDashboardStats();
  const [index, setIndex] = useState(0);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const move = (step: number) => setIndex((i) => (i + step + TABS.length) % TABS.length);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      // A frame that scrolls sideways (the review calendar) keeps its arrow keys.
      if (target.closest('[role="tablist"], [role="dialog"], input, textarea, [data-own-arrow-keys]')) return;
      if (event.key === 'ArrowRight') move(1);
      else if (event.key === 'ArrowLeft') move(-1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onTouchStart = (e: TouchEvent) => {
    const t = e.touches[0];
    touchStart.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchStart.current;
    const t = e.changedTouches[0];
    touchStart.current = null;
    if (!start || !t) return;
    const dx = t.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(t.clientY - start.y)) move(dx < 0 ? 1 : -1);
  };

  const tab = TABS[index]!;
  const Content = { "Vue d'Ensemble": OverviewTab, Activité: ActivityTab, 'État Collection': CollectionTab, Prévisions: ForecastTab }[tab];
  return (
    <section className="space-y-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">Dashboard</h1>
        <span className="rounded-full border border-emerald-500/50 bg-emerald-950/60 px-3 py-0.5 text-xs text-emerald-200">● Système Actif</span>
      </header>
      {sources.error && (
        <p role="alert" className="rounded-md border border-red-600/50 bg-red-950/60 px-3 py-2 text-sm text-red-100">
          {sources.error}
        </p>
      )}
      <Tabs<Tab> tabs={TABS} active={tab} onChange={(t) => setIndex(TABS.indexOf(t))} label="Statistiques" />
      <div role="tabpanel" aria-label={tab} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd} className="min-h-[50vh] touch-pan-y">
        <Content stats={sources.stats} forecast={sources.forecast} />
      </div>
      <div className="flex justify-center gap-2" aria-hidden>
        {TABS.map((t, i) => (
          <span key={t} className={`h-2 w-2 rounded-full ${i === index ? 'bg-nebula-400' : 'bg-space-600'}`} />
        ))}
      </div>
      <ReviewHeatmap />
      <LeechList />
    </section>
  );
}

export default DashboardPage;
export { DashboardPage as Component };
