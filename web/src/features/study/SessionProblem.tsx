/** A study session that cannot run (bad id, failed load): the reason and the way back to the study menu. */
import { useNavigate } from 'react-router';

export function SessionProblem({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <section className="card mx-auto max-w-xl space-y-4 text-center">
      <p role="alert" className="text-red-300">
        {message}
      </p>
      <button type="button" className="btn-primary" onClick={() => navigate('/study')}>
        Retour au menu d'étude
      </button>
    </section>
  );
}
