import type { EventStore } from '@panda/events/event-store';
import type { RecordedEvent } from '@panda/events/envelope';
import { accountStream } from '@panda/events/catalogue/accounts';
import { signatureIdOf, type PlacementStatus } from '@panda/events/catalogue/training';
import type { chatEvents } from '@panda/events/catalogue/chat';
import type { photoEvents } from '@panda/events/catalogue/photos';
import type { EventsOf } from '@panda/events/define';
import type { MentorForMatching } from '@panda/events/domain/candidates';
import { QUALIFICATION_KEYS } from '@panda/events/domain/ranking';
import { evolveAccount, initialAccountState, type AccountEvent, type AccountState } from '../accounts/decider';
import type { TrainingEvent } from '../training/state';
import type { UploadedPhoto } from '../training/decider';

export interface PlacementRoute {
  placementId: string;
  studentId: string;
  mentorId: string;
  status: PlacementStatus;
  /** The mentor's reason, once they declined. */
  declineReason: string | null;
}

/**
 * What the command side needs to know across streams, folded from the event log itself (never
 * from a read model): which student's stream holds a placement, a job or a sign-off, which chat
 * messages a receiver has not read yet, and every mentor's account with their placement counts,
 * for the ranking a proposal records. The command side's only way to find a stream.
 *
 * Kept in memory per event store and caught up with the log before it answers: an id it does not
 * know yet makes it read the log up to its head first, so it is never behind an append the caller
 * has seen. Which stream holds an id never changes once recorded. The first use reads the whole log.
 */
export class LogIndex {
  private position = 0;
  private catchingUp: Promise<void> | null = null;
  private readonly placements = new Map<string, PlacementRoute>();
  private readonly jobs = new Map<string, string>();
  private readonly signOffs = new Map<string, string>();
  /** Unread messages by `<receiver> <sender>`, oldest first. */
  private readonly unread = new Map<string, Set<string>>();
  /** Pairs `<a> <b>` (a < b) who have written to each other at least once. */
  private readonly conversations = new Set<string>();
  private readonly mentors = new Map<string, AccountState>();
  /** Every uploaded job-card photo not discarded, with the sign-off that uses it once one does (docs/rules.md#evidence). */
  private readonly photos = new Map<string, UploadedPhoto>();
  /** Images held by other events (chat images, Gas Safe card photos), by blob hash: the unused-photo sweep keeps these. */
  private readonly otherImages = new Set<string>();

  constructor(
    private readonly store: EventStore,
    private readonly pageSize = 1000,
  ) {}

  /**
   * Reads the log up to its current head (one reader at a time), a page at a time with a turn of the
   * event loop between pages: a store whose read answers at once (SQLite) would otherwise hold the
   * thread for the whole log, and every request waits behind it (docs/rules.md#log-index).
   */
  catchUp(): Promise<void> {
    this.catchingUp ??= (async () => {
      try {
        for (;;) {
          const page = await this.store.readAll(this.position, this.pageSize, { chain: false });
          for (const e of page) this.apply(e);
          if (page.length < this.pageSize) return;
          await new Promise((resolve) => setImmediate(resolve));
        }
      } finally {
        this.catchingUp = null;
      }
    })();
    return this.catchingUp;
  }

  /** The placement with this id and the student whose stream holds it, null when there is none. */
  async placement(placementId: string): Promise<PlacementRoute | null> {
    if (!this.placements.has(placementId)) await this.catchUp();
    return this.placements.get(placementId) ?? null;
  }

  /** The student whose stream holds this job, null when there is no such job. */
  async studentOfJob(jobId: string): Promise<string | null> {
    if (!this.jobs.has(jobId)) await this.catchUp();
    return this.jobs.get(jobId) ?? null;
  }

  /** The student whose stream holds this sign-off, null when there is no such sign-off. */
  async studentOfSignOff(signatureId: string): Promise<string | null> {
    if (!this.signOffs.has(signatureId)) await this.catchUp();
    return this.signOffs.get(signatureId) ?? null;
  }

  /** The messages `senderId` sent `receiverId` that the receiver has not read, oldest first, as of the log's head. */
  async unreadMessages(receiverId: string, senderId: string): Promise<string[]> {
    await this.catchUp();
    return [...(this.unread.get(`${receiverId} ${senderId}`) ?? [])];
  }

  /** Whether these two accounts have ever written to each other, as of the log's head. */
  async haveWritten(a: string, b: string): Promise<boolean> {
    await this.catchUp();
    return this.conversations.has(a < b ? `${a} ${b}` : `${b} ${a}`);
  }

  /** The uploaded photos among `ids` as of the log's head, by id (an id with no upload is absent). */
  async uploadedPhotos(ids: string[]): Promise<Record<string, UploadedPhoto>> {
    await this.catchUp();
    const out: Record<string, UploadedPhoto> = {};
    for (const id of ids) {
      const p = this.photos.get(id);
      if (p) out[id] = { ...p };
    }
    return out;
  }

  /**
   * Whether anything but the photo `except` holds the blob `hash` as of the log's head: another job
   * photo (used or not) or another event's image (docs/rules.md#unused-photos).
   */
  async blobHeldElsewhere(hash: string, except: string): Promise<boolean> {
    await this.catchUp();
    if (this.otherImages.has(hash)) return true;
    for (const p of this.photos.values()) if (p.sha256 === hash && p.photoId !== except) return true;
    return false;
  }

  /** Placements of one student, oldest first. */
  async placementsOf(studentId: string): Promise<PlacementRoute[]> {
    await this.catchUp();
    return [...this.placements.values()].filter((p) => p.studentId === studentId);
  }

  /** Every mentor as the ranking sees them, as of the log's head. */
  async mentorsForMatching(declinedBy: Map<string, string>): Promise<MentorForMatching[]> {
    await this.catchUp();
    const taken = new Map<string, { active: number; pending: number }>();
    for (const p of this.placements.values()) {
      const t = taken.get(p.mentorId) ?? { active: 0, pending: 0 };
      if (p.status === 'active') t.active += 1;
      if (p.status === 'pending') t.pending += 1;
      taken.set(p.mentorId, t);
    }
    return [...this.mentors.entries()].map(([id, m]) => {
      const profile = m.mentorProfile;
      const text = (v: string | undefined) => v?.trim() || null;
      const businessName = text(profile?.Business_Name);
      const businessPostcode = text(profile?.Business_Postcode);
      return {
        id,
        name: `${m.firstName} ${m.lastName}`.trim(),
        email: m.email ?? '',
        locked: m.locked,
        vetted: m.vetted,
        // As the placements read model decides it: the saved profile's required fields are filled in.
        profileComplete: Boolean(businessName && businessPostcode && text(profile?.Gas_Safe_Registration_Number)),
        businessName,
        businessPostcode,
        qualifications: profile ? Object.fromEntries(QUALIFICATION_KEYS.map((q) => [q, profile[q]])) : {},
        activeStudents: taken.get(id)?.active ?? 0,
        pendingRequests: taken.get(id)?.pending ?? 0,
        declinedBefore: declinedBy.get(id) ?? null,
      };
    });
  }

  private apply(recorded: RecordedEvent) {
    this.position = recorded.position;
    // Every event in the log passed its type's schema when it was appended (as load() assumes).
    const e = recorded as unknown as
      TrainingEvent | AccountEvent | EventsOf<typeof chatEvents> | EventsOf<typeof photoEvents>;
    switch (e.type) {
      case 'PlacementProposed': {
        const { placementId, studentId, mentorId } = e.data;
        this.placements.set(placementId, { placementId, studentId, mentorId, status: 'pending', declineReason: null });
        return;
      }
      case 'PlacementAccepted':
      case 'PlacementDeclined':
      case 'PlacementEnded': {
        const p = this.placements.get(e.data.placementId);
        if (!p) return;
        if (e.type === 'PlacementAccepted') p.status = 'active';
        else if (e.type === 'PlacementDeclined')
          Object.assign(p, { status: 'cancelled', declineReason: e.data.reason });
        else p.status = e.data.status;
        return;
      }
      case 'JobOpened':
        this.jobs.set(e.data.jobId, e.data.studentId);
        return;
      case 'JobCardSigned': {
        // Sign-offs are most of the index: each keeps one flat key and its job's copy of the student's id
        // (docs/rules.md#log-index).
        const signatureId = signatureIdOf(e.data).normalize();
        this.signOffs.set(signatureId, this.jobs.get(e.data.jobId) ?? e.data.studentId);
        for (const { photoId } of e.data.evidence?.photos ?? []) {
          const photo = this.photos.get(photoId);
          if (photo) photo.usedBy = signatureId;
        }
        return;
      }
      case 'JobPhotoUploaded': {
        const { photoId, mentorId, sha256, dhash } = e.data;
        this.photos.set(photoId, { photoId, mentorId, sha256, dhash, usedBy: null, uploadedAt: recorded.time });
        return;
      }
      case 'JobPhotoDiscarded':
        this.photos.delete(e.data.photoId);
        return;
      case 'MentorProfileSaved': {
        const card = e.data.profile.Gas_Safe_Card_Photo;
        if (card) this.otherImages.add(card.hash);
        break;
      }
      case 'MessageSent': {
        const key = `${e.data.receiverId} ${e.data.senderId}`;
        const set = this.unread.get(key) ?? new Set<string>();
        this.unread.set(key, set.add(e.data.messageId));
        const [a, b] = [e.data.senderId, e.data.receiverId].sort();
        this.conversations.add(`${a} ${b}`);
        if (e.data.image) this.otherImages.add(e.data.image.hash);
        return;
      }
      case 'MessageRead': {
        const key = `${e.data.receiverId} ${e.data.senderId}`;
        const set = this.unread.get(key);
        if (set?.delete(e.data.messageId) && set.size === 0) this.unread.delete(key);
        return;
      }
      case 'AccountSignedUp':
        if (e.data.role === 'mentor') this.mentors.set(e.data.accountId, evolveAccount(initialAccountState(), e));
        return;
    }
    // Later events of a mentor's own account stream (account events only): name, e-mail, vetting,
    // lock, business profile.
    const prefix = accountStream('');
    const mentorId = recorded.stream.startsWith(prefix) ? recorded.stream.slice(prefix.length) : null;
    const mentor = mentorId ? this.mentors.get(mentorId) : undefined;
    if (mentorId && mentor) this.mentors.set(mentorId, evolveAccount(mentor, e as AccountEvent));
  }
}

const indexes = new WeakMap<EventStore, LogIndex>();

/** The one index of this event store in this process. */
export function logIndexOf(store: EventStore): LogIndex {
  let index = indexes.get(store);
  if (!index) indexes.set(store, (index = new LogIndex(store)));
  return index;
}
