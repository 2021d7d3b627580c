/** The loading indicator every screen shows while it waits. */
export function Spinner({ label = 'Chargement...' }: { label?: string }) {
  return (
    <div role="status" aria-label={label} className="flex items-center justify-center gap-3 p-8 text-slate-300">
      <span className="h-6 w-6 animate-spin rounded-full border-2 border-nebula-400 border-t-transparent" />
      <span>{label}</span>
    </div>
  );
}
