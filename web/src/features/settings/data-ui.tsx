/** Small pieces of the Data tab: a progress bar and saving a downloaded file. */
import type { DownloadedFile } from '../../api/data';

export function ProgressBar({ label, value }: { label: string; value: number }) {
  const percent = Math.round(value * 100);
  return (
    <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="space-y-1">
      <div className="h-2 overflow-hidden rounded-full bg-space-700">
        <div className="h-full rounded-full bg-nebula-400 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-slate-400">{percent}%</p>
    </div>
  );
}

/** Hands a downloaded file to the browser's save flow. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
