export interface PricingPlan {
  id: 'self-serve' | 'managed' | 'enterprise';
  name: string;
  price: string;
  summary: string;
  features: readonly string[];
  cta: { label: string; to: string };
  highlighted: boolean;
}

export const PRICING_PLANS: readonly PricingPlan[] = [
  {
    id: 'self-serve',
    name: 'Self-Serve',
    price: '$29/mo',
    summary: 'Repurpose your own content with our tools.',
    features: ['1 workspace', 'Repurpose to 3 platforms', 'Basic templates and queues', 'Email support'],
    cta: { label: 'Start self-serve', to: '/signup' },
    highlighted: false,
  },
  {
    id: 'managed',
    name: 'Managed',
    price: 'from $2,000/mo',
    summary: 'Our team runs your content operations end to end.',
    features: [
      'Strategy',
      'Captions',
      'Editing',
      'Design',
      'Publishing on 6+ platforms',
      'DM/email follow-ups',
      'Weekly reports and A/B testing',
      'Priority chat support',
    ],
    cta: { label: 'Get managed', to: '/signup' },
    highlighted: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 'Custom',
    summary: 'For agencies and brands with many teams.',
    features: ['Unlimited workspaces', 'SLA', 'SSO', 'Audit logs', 'Custom workflows and webhooks', 'Dedicated success manager'],
    cta: { label: 'Talk to us', to: '/contact' },
    highlighted: false,
  },
];
