/** Every IANA zone this browser knows, plus the given ones (a saved zone may be an alias such as UTC). */
export function timeZoneOptions(...include: Array<string | null | undefined>): string[] {
  const zones = new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
  for (const zone of include) if (zone) zones.add(zone);
  return [...zones].sort((a, b) => a.localeCompare(b));
}
