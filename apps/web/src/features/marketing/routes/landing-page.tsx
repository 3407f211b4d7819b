import { BenefitsSection } from '../components/benefits-section';
import { HeroSection } from '../components/hero-section';
import { PricingSection } from '../components/pricing-section';
import { ScrollCue } from '../components/scroll-cue';
import { ServicesSection } from '../components/services-section';
import { TestimonialsSection } from '../components/testimonials-section';

export default function LandingPage() {
  return (
    <>
      <HeroSection />
      <BenefitsSection />
      <ScrollCue />
      <ServicesSection />
      <PricingSection />
      <TestimonialsSection />
    </>
  );
}
