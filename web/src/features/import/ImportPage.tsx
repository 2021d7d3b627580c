/** /import (spec document 3 §2.6, §4 Import, §5, §8): turn text, Markdown or a web page into a linked concept. */
import { AnalysisPanel } from './AnalysisPanel';
import { ImportForm } from './ImportForm';
import { usePreferences } from '../settings/preferences-context';
import { useImport, type ImportPreferences } from './useImport';

export function ImportPage() {
  // Shown at once with the defaults; the person's preferences fill in when they answer.
  const { preferences } = usePreferences();
  return <ImportScreen autoExtract={preferences.auto_extract_enabled} defaultCategory={preferences.default_concept_category} />;
}

function ImportScreen(props: ImportPreferences) {
  const flow = useImport(props);
  const inAnalysis = (flow.step === 'analysis' || flow.step === 'creating') && flow.analysis;
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <h1 className="text-3xl font-semibold">Importer du contenu</h1>
      {flow.error && (
        <p role="alert" className="whitespace-pre-line rounded-md border border-red-600/50 bg-red-950/60 px-4 py-2 text-red-100">
          {flow.error}
        </p>
      )}
      <div className="card">
        {inAnalysis ? (
          <AnalysisPanel
            title={flow.values.title.trim()}
            analysis={flow.analysis!}
            creating={flow.step === 'creating'}
            creatingSuggestion={flow.creatingSuggestion}
            onToggle={flow.toggle}
            onCreateSuggestion={flow.createSuggestion}
            onBack={flow.back}
            onCreate={flow.create}
          />
        ) : (
          <ImportForm values={flow.values} onChange={flow.setValues} onSubmit={flow.startAnalysis} busy={flow.step === 'analysing'} />
        )}
      </div>
    </div>
  );
}
