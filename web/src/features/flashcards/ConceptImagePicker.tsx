/**
 * The images already in a concept (its document's figures and attached images, the
 * person's own uploads) offered to the image-occlusion editor: one button each, so the
 * keyboard chooses as the mouse does. Loading, empty and error states say what is going on;
 * uploading another image stays possible beside it.
 */
import { conceptsApi } from '../../api/concepts';
import { errorText } from '../../ui/error-text';
import { useLoad } from '../../ui/use-load';

export function ConceptImagePicker({ conceptId, chosen, disabled, onChoose }: { conceptId: number; chosen: string | null; disabled: boolean; onChoose(address: string): void }) {
  const images = useLoad((signal) => conceptsApi.images(conceptId, signal), [conceptId]);
  return (
    <section className="text-sm" aria-labelledby="concept-images-title">
      <h4 id="concept-images-title" className="mb-1 text-slate-300">
        Images du concept
      </h4>
      {images.phase === 'loading' && (
        <p className="text-xs text-slate-400" role="status">
          Chargement des images du concept…
        </p>
      )}
      {images.phase === 'error' && (
        <p className="text-xs text-red-300" role="alert">
          Images du concept indisponibles : {errorText(images.error, 'erreur inconnue')}. Vous pouvez téléverser une image.
        </p>
      )}
      {images.phase === 'loaded' && images.data.images.length === 0 && <p className="text-xs text-slate-400">Ce concept ne contient aucune image : téléversez-en une ci-dessous.</p>}
      {images.phase === 'loaded' && images.data.images.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Images du concept">
          {images.data.images.map((image, index) => {
            const name = image.name || `Image ${index + 1}`;
            return (
              <li key={image.address}>
                <button
                  type="button"
                  className={`flex w-28 flex-col items-center gap-1 rounded-md border p-1 text-xs ${chosen === image.address ? 'border-cyan-400 ring-2 ring-cyan-400' : 'border-space-600'}`}
                  aria-pressed={chosen === image.address}
                  aria-label={`Masquer l’image « ${name} »`}
                  disabled={disabled}
                  onClick={() => onChoose(image.address)}
                >
                  <img src={image.address} alt="" className="h-16 w-full object-contain" loading="lazy" />
                  <span className="w-full truncate text-slate-300">{name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
