// What the company remote's tests serve (with MSW, see tools/jest/msw.ts): the team file, answered when the test says.
import { answerByHand } from '@test/msw';
import { OUR_TEAM_PATH } from '../management/ourTeamSlice';

/** Holds each GET of the team file until the test answers it, so a test sees the page while it loads. */
export const ourTeamAnsweredByHand = () => answerByHand('get', OUR_TEAM_PATH);
