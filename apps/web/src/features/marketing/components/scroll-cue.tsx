import { ArrowDown } from 'lucide-react';

export function ScrollCue() {
  return (
    <div className="flex justify-center bg-white pb-8">
      <a
        href="#services"
        aria-label="Scroll to services"
        className="rounded-full p-3 text-brand-600 transition-colors hover:bg-brand-50 hover:text-brand-700"
      >
        <ArrowDown aria-hidden="true" className="size-6 animate-bounce" />
      </a>
    </div>
  );
}
