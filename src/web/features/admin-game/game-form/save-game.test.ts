import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { saveErrorMessage } from './save-game';

const FALLBACK = 'The game could not be saved.';

describe('the message of a failed save', () => {
  it('is the server’s own words for the statuses the page names', () => {
    expect(saveErrorMessage(new ApiError(400, 'VALIDATION_ERROR', 'Title is too short'), [400], FALLBACK)).toBe('Title is too short');
    expect(saveErrorMessage(new ApiError(409, 'CONFLICT', 'Squares are sold'), [400, 409], FALLBACK)).toBe('Squares are sold');
  });

  it('is the fallback for any other status, an answer without our error body, or no answer', () => {
    expect(saveErrorMessage(new ApiError(409, 'CONFLICT', 'Squares are sold'), [400], FALLBACK)).toBe(FALLBACK);
    expect(saveErrorMessage(new ApiError(400, 'HTTP_400', 'Bad Request'), [400], FALLBACK)).toBe(FALLBACK);
    expect(saveErrorMessage(new ApiError(0, 'NETWORK_ERROR', 'Failed to fetch'), [400], FALLBACK)).toBe(FALLBACK);
    expect(saveErrorMessage(new Error('boom'), [400], FALLBACK)).toBe(FALLBACK);
  });
});
