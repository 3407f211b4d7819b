import { useEffect } from 'react';
import { useRuntimeConfig } from '@/lib/runtime-config';

/** The brand colours follow the admin setting brandHue (SPEC default 212, set in styles.css). */
export default function BrandHue() {
  const hue = useRuntimeConfig().data?.brandHue;
  useEffect(() => {
    if (hue !== undefined) document.documentElement.style.setProperty('--brand-hue', String(hue));
  }, [hue]);
  return null;
}
