import { useEffect } from 'react';
import { useRuntimeConfig } from '@/lib/runtime-config';

/**
 * The brand colours follow the admin setting brandHue; until it arrives they use the default hue
 * set in styles.css (212, the setting's default).
 */
export default function BrandHue() {
  const hue = useRuntimeConfig().data?.brandHue;
  useEffect(() => {
    if (hue !== undefined) document.documentElement.style.setProperty('--brand-hue', String(hue));
  }, [hue]);
  return null;
}
