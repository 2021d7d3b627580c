import type { ReactNode } from 'react';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-[80vh] items-center justify-center">
      <div className="card w-full max-w-md p-8">
        <p className="mb-1 text-center text-sm tracking-[0.3em] text-nebula-400 uppercase">✦ Astrolabe</p>
        <h1 className="mb-6 text-center text-2xl font-semibold">{title}</h1>
        {children}
      </div>
    </div>
  );
}
