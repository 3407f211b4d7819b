interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  description: string;
}

export function SectionHeading({ id, eyebrow, title, description }: SectionHeadingProps) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-lg text-pretty text-slate-600">{description}</p>
    </div>
  );
}
