import { type MoneyAccount, type MoneyAccountInput, SETTINGS_KINDS } from '@atelier/contracts';
import { settingsResource } from '../../lib/settings-resource';

/**
 * The firm's money accounts (bank, card, cash): kept on /s/firm/banking (81), picked wherever
 * money is paid from one (expenses, 172; payments to vendors, 57).
 */
export const moneyAccounts = settingsResource<MoneyAccount, MoneyAccountInput>(SETTINGS_KINDS.moneyAccount);
