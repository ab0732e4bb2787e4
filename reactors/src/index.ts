import type { EventStore } from '@panda/events/event-store';
import type { Config } from '@panda/platform/config';
import type { Logger } from '@panda/platform/logger';
import type { Mailer } from '@panda/platform/mailer';
import type { Reactor } from './shared/reactor';
import { mailReactor } from './notifications/mail';
import { notificationsReactor } from './notifications/notifications';
import { supportFirstAnswerReactor } from './support/first-answer';
import { signOffNotificationsReactor } from './training/signoff-notifications';
import type { ReadStore } from '@panda/projections/read-store';
import { payoutsReactor } from './payouts/payouts';
import { invoiceDisputeNotificationsReactor } from './payouts/invoice-dispute-notifications';

/** Every reactor of the product, each with its own checkpoint. A capability adds its reactors here. */
export const allReactors = (deps: {
  store: EventStore;
  readStore: ReadStore;
  mailer: Mailer;
  config: Config;
  logger: Logger;
  clock?: () => Date;
}): Reactor[] => [
  notificationsReactor(deps.store),
  mailReactor(deps.store, deps.mailer, deps.config, deps.logger),
  supportFirstAnswerReactor(deps.store, deps.clock ?? (() => new Date())),
  signOffNotificationsReactor(deps.store, deps.readStore),
  payoutsReactor(deps.store),
  invoiceDisputeNotificationsReactor(deps.store, deps.readStore),
];
