import type { ApprovalRecord, ProposalLink } from '@atelier/contracts';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/http/access';

/**
 * A change order is approved online through the links and decision records of the proposals
 * module (decision 0039), which builds on this one: it says how when it loads (decision 0018's
 * registries), so that sending a change order makes its link, editing a sent one stops it, and the
 * page shows the link and the customer's decisions. Without it, change orders are approved by hand.
 */
export type OnlineApproval = {
  /**
   * The link to approve the change order, for sending: the live one renewed, else a new one; its
   * path on the web app and the last day it works. Null where the firm cannot approve online.
   */
  link: (db: Executor, actor: Actor, changeOrderId: string) => Promise<{ path: string; expiresOn: string } | null>;
  /** Stops the change order's links that still work; how many did. */
  revoke: (db: Executor, changeOrderId: string) => Promise<number>;
  /** The link sent last and the decisions made through links, newest first, as the page shows them. */
  read: (db: Executor, changeOrderId: string) => Promise<{ link: ProposalLink | null; approvals: ApprovalRecord[] }>;
};

let online: OnlineApproval | null = null;

/** Called once by the module that approves change orders online, when it loads. */
export function registerOnlineApproval(approval: OnlineApproval): void {
  if (online && online !== approval) throw new Error('Online approval of change orders is registered twice');
  online = approval;
}

/** How change orders are approved online, if a module said so. */
export const onlineApproval = (): OnlineApproval | null => online;
