import { Quote } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { TESTIMONIALS, type Testimonial } from '../testimonials';
import { SectionHeading } from './section-heading';

function initials(name: string) {
  return name
    .split(' ')
    .map((part) => part[0])
    .join('')
    .slice(0, 2);
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const { quote, name, role } = testimonial;
  return (
    <Card className="h-full">
      <figure className="flex h-full flex-col">
        <Quote aria-hidden="true" className="size-6 text-brand-300" />
        <blockquote className="mt-4 flex-1 text-slate-700">
          <p>{quote}</p>
        </blockquote>
        <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-4">
          <span
            aria-hidden="true"
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
          >
            {initials(name)}
          </span>
          <span className="text-sm">
            <span className="block font-semibold text-slate-900">{name}</span>
            <span className="block text-slate-600">{role}</span>
          </span>
        </figcaption>
      </figure>
    </Card>
  );
}

export function TestimonialsSection() {
  return (
    <section id="testimonials" aria-labelledby="testimonials-heading" className="scroll-mt-24 bg-white px-4 py-20 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="testimonials-heading"
          eyebrow="Loved by teams"
          title="Testimonials"
          description="Creators, brands and agencies who handed us their content operations."
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.id}>
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
