export interface Testimonial {
  id: string;
  quote: string;
  name: string;
  role: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    id: 'maya',
    quote: 'I film once a week and Hookline turns it into a month of posts. My reach doubled in one quarter.',
    name: 'Maya Torres',
    role: 'Lifestyle creator, 480k followers',
  },
  {
    id: 'daniel',
    quote: 'We stopped juggling freelancers and spreadsheets. Everything ships on time, on every platform.',
    name: 'Daniel Okafor',
    role: 'Head of Marketing, Brightloom',
  },
  {
    id: 'priya',
    quote: 'The weekly reports tell us exactly which hooks work. Our A/B tests finally drive decisions.',
    name: 'Priya Raman',
    role: 'Growth Lead, Fernway Studio',
  },
  {
    id: 'lukas',
    quote: 'Onboarding took a day. By the second week our clients were asking what changed.',
    name: 'Lukas Berg',
    role: 'Founder, Northpeak Agency',
  },
  {
    id: 'aisha',
    quote: 'Captions, thumbnails, scheduling — it is all handled. I get my evenings back.',
    name: 'Aisha Bello',
    role: 'Fitness coach and creator',
  },
  {
    id: 'tom',
    quote: 'SSO, audit logs and a real SLA made it an easy yes for our security team.',
    name: 'Tom Whitaker',
    role: 'VP Digital, Corvale Group',
  },
];
