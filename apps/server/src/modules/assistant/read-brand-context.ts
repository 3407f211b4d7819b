import { ONBOARDING_CHANNELS } from '@hookline/shared';
import type { Db } from '../../db/database.ts';
import { firstWords } from '../workspaces/record-staff-action.ts';

/**
 * Each long answer's share of the section: enough for a brand's voice, small beside a conversation.
 * With the short answers (brand, website, cadence: 120 each) the section stays under 2,000 characters.
 */
const MAX_FIELD_CHARS = 600;
const MAX_SHORT_CHARS = 120;

const HEADING =
  "About the brand you write for, from the client's onboarding answers (where the user asks for something else, follow the user):";

/** A stored answer as one line of text, cut at a word; '' when it is missing or not text. */
function answerOf(data: Record<string, unknown>, key: string, max: number): string {
  const value = data[key];
  return typeof value === 'string' ? firstWords(value, max) : '';
}

/** The offered channels among the answers, as one phrase: "Instagram, TikTok and YouTube". */
function listOf(values: unknown): string {
  const offered: readonly unknown[] = ONBOARDING_CHANNELS;
  const names = Array.isArray(values) ? [...new Set(values.filter((v): v is string => offered.includes(v)))] : [];
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The workspace's onboarding answers as a short system-prompt section, so that what the assistant
 * writes fits the client: who the brand is, their goals, their content pillars and voice, where and
 * how often they publish. Null when the workspace has no answers, or none of brand, goals and
 * pillars (channels and cadence alone say nothing about what to write). Records are read leniently:
 * one saved before a field existed still gives what it has.
 */
export async function readBrandContext(db: Db, workspaceId: string): Promise<string | null> {
  const row = await db.selectFrom('onboardingRecord').select('data').where('workspaceId', '=', workspaceId).executeTakeFirst();
  if (!row) return null;
  let data: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(row.data);
    if (!parsed || typeof parsed !== 'object') return null;
    data = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  const brand = answerOf(data, 'brand', MAX_SHORT_CHARS);
  const goals = answerOf(data, 'goals', MAX_FIELD_CHARS);
  const pillars = answerOf(data, 'pillars', MAX_FIELD_CHARS);
  if (!brand && !goals && !pillars) return null;

  const website = answerOf(data, 'website', MAX_SHORT_CHARS);
  const channels = listOf(data.channels);
  const cadence = answerOf(data, 'cadence', MAX_SHORT_CHARS);
  const lines = [
    HEADING,
    brand && `Write for ${brand}${website ? ` (${website})` : ''}.`,
    goals && `Their goals: ${goals}`,
    pillars && `Their content pillars and voice: ${pillars}`,
    channels && `They publish on ${channels}${cadence ? `, ${cadence}` : ''}.`,
    !channels && cadence && `Their publishing cadence: ${cadence}.`,
  ];
  return lines.filter(Boolean).join('\n');
}
