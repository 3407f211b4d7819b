import { describe, expect, it } from 'vitest';
import { draftStandingLabel } from './requests.ts';

describe('draftStandingLabel', () => {
  it.each([
    ['draft', null, 'Draft'],
    ['draft', 'in_review', 'In review'],
    ['draft', 'changes_requested', 'Changes requested'],
    ['draft', 'approved', 'Approved'],
    ['queued', null, 'Queued'],
    ['queued', 'approved', 'Queued'],
    // Edited after it was queued: the review waits for an answer before anything is published.
    ['queued', 'in_review', 'In review'],
    ['queued', 'changes_requested', 'Changes requested'],
    ['publishing', 'in_review', 'Publishing'],
    ['published', 'approved', 'Published'],
    ['failed', 'approved', 'Failed'],
    ['held', 'in_review', 'Held'],
  ] as const)('%s with review %s reads %j', (status, reviewState, label) => {
    expect(draftStandingLabel({ status, reviewState })).toBe(label);
  });
});
