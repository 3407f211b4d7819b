import { CalendarClock, Download, Scissors } from 'lucide-react';
import { SectionHeading } from './section-heading';

const SERVICES = [
  {
    icon: Download,
    title: 'Auto import',
    description: 'New videos and posts are pulled in from your drive and channels the moment you publish them.',
  },
  {
    icon: Scissors,
    title: 'Auto editing',
    description: 'Clips are cut, captioned and resized for each platform, then checked by our editors.',
  },
  {
    icon: CalendarClock,
    title: 'Auto scheduling',
    description: 'Approved content is queued for the best time on every platform, with no manual uploads.',
  },
] as const;

export function ServicesSection() {
  return (
    <section
      id="services"
      aria-labelledby="services-heading"
      className="scroll-mt-24 bg-linear-to-b from-brand-50 to-slate-50 px-4 py-20 sm:px-6 sm:py-24"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="services-heading"
          eyebrow="How it works"
          title="Workflow automation"
          description="From raw footage to published post, the busywork runs itself."
        />
        <ol className="mt-14 grid gap-10 md:grid-cols-3 md:gap-8">
          {SERVICES.map(({ icon: Icon, title, description }, index) => (
            <li key={title} className="flex gap-4 md:flex-col">
              <span className="relative inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white shadow-sm">
                <Icon aria-hidden="true" className="size-6" />
                <span
                  aria-hidden="true"
                  className="absolute -top-2 -right-2 inline-flex size-5 items-center justify-center rounded-full bg-white text-xs font-bold text-brand-700 ring-1 ring-brand-200"
                >
                  {index + 1}
                </span>
              </span>
              <div>
                <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-slate-600">{description}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
