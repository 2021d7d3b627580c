/** Small pieces of the Data tab: a progress bar and saving a downloaded file. */
import type { DownloadedFile } from '../../api/data';
import { saveFile } from '../../lib/save-file';

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
export function saveDownload({ blob, fileName }: DownloadedFile): void {
  saveFile(blob, fileName);
}
