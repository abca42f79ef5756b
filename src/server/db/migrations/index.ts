import type { Migration } from 'kysely/migration';
import type { DbKind } from '../connection';
import { coreTables } from './001_core_tables';
import { accountTables } from './002_accounts';
import { checkoutTables } from './003_checkout';
import { userNamesRepair } from './004_user_names';
import { partialRefunds } from './005_partial_refunds';
import { payoutRecovery } from './006_payout_recovery';
import { organizerPayments } from './007_organizer_payments';
import { squaresPerPlayer } from './008_squares_per_player';
import { inviteOnly } from './009_invite_only';
import { boardTools } from './010_board_tools';
import { gameMembers } from './011_game_members';
import { deletedGames } from './012_deleted_games';
import { potOfSoldSquares } from './013_pot_of_sold_squares';
import { mailQueue } from './014_mail_queue';
import { boardShapes } from './015_board_shapes';
import { digitSets } from './016_digit_sets';
import { payoutRules } from './017_payout_rules';
import { drawMethod } from './018_draw_method';
import { drawAttempts } from './019_draw_attempts';
import { deletedAccounts } from './020_deleted_accounts';
import { kickoff } from './021_kickoff';
import { scoreFeed } from './022_score_feed';
import { mailChoices } from './023_mail_choices';
import { announcements } from './024_announcements';
import { accountSafety } from './025_account_safety';
import { mailPrivacy } from './026_mail_privacy';
import { sharePayments } from './027_share_payments';
import { periodVocabulary } from './028_period_vocabulary';
import { columnTypes } from './column-types';

/** Our migrations in order. Names sort by their number; never rename or edit a released one. */
export function migrations(kind: DbKind): Record<string, Migration> {
  const t = columnTypes(kind);
  return {
    '001_core_tables': coreTables(t),
    '002_accounts': accountTables(t),
    '003_checkout': checkoutTables(t),
    '004_user_names': userNamesRepair(),
    '005_partial_refunds': partialRefunds(t),
    '006_payout_recovery': payoutRecovery(t),
    '007_organizer_payments': organizerPayments(t),
    '008_squares_per_player': squaresPerPlayer(),
    '009_invite_only': inviteOnly(),
    '010_board_tools': boardTools(t),
    '011_game_members': gameMembers(t),
    '012_deleted_games': deletedGames(t),
    '013_pot_of_sold_squares': potOfSoldSquares(t),
    '014_mail_queue': mailQueue(t),
    '015_board_shapes': boardShapes(),
    '016_digit_sets': digitSets(t),
    '017_payout_rules': payoutRules(),
    '018_draw_method': drawMethod(),
    '019_draw_attempts': drawAttempts(t),
    '020_deleted_accounts': deletedAccounts(t),
    '021_kickoff': kickoff(t, kind),
    '022_score_feed': scoreFeed(t, kind),
    '023_mail_choices': mailChoices(t),
    '024_announcements': announcements(t, kind),
    '025_account_safety': accountSafety(t),
    '026_mail_privacy': mailPrivacy(t),
    '027_share_payments': sharePayments(t, kind),
    '028_period_vocabulary': periodVocabulary(kind),
  };
}
