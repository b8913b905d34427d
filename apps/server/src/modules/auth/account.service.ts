import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AVATAR_MAX_BYTES, AVATAR_SIZE, type LoginMethod, type MessageKey } from '@dramastar/contract';
import type { z } from 'zod';
import type { api } from '@dramastar/contract';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  accountBy,
  changeAccount,
  eraseAccount,
  identitiesOf,
  lockUser,
  removeIdentities,
} from '../user/user-rows.js';
import { withTransaction } from '../../db/tx.js';
import { AppError } from '../../http/errors.js';
import { readPicture, reencodePicture } from '../../media/image.js';
import type { MediaStorage } from '../../media/storage.js';
import { maskEmail } from '../../security.js';
import type { EmailCodeService } from './email-code.service.js';
import { hashPassword, verifyPassword } from './password.js';
import type { SessionMeta, SessionService, SessionUser } from './session.service.js';
import type { TicketService } from './ticket.service.js';
import { type UserService } from '../user/user.service.js';
import { uniqueViolation } from '../../db/errors.js';

type Body<K extends keyof typeof api.user> = z.output<(typeof api.user)[K]['body']>;

const METHOD_NAMES: Record<LoginMethod, string> = {
  email: 'e-mail',
  username: 'user name',
  google: 'Google',
};

export interface AccountDeps {
  db: Db;
  clock: Clock;
  users: UserService;
  sessions: SessionService;
  codes: EmailCodeService;
  tickets: TicketService;
  /** Where avatars go (`avatars/…`, a public key: local disk or the public bucket). */
  storage: MediaStorage;
  googleEnabled: boolean;
}

export function createAccountService(deps: AccountDeps) {
  const { db, clock, users: userService, sessions, codes, tickets } = deps;

  async function methodsOf(tx: DbOrTx, userId: bigint) {
    const user = await userService.row(tx, userId);
    const identities = await identitiesOf(tx, userId);
    const google = identities.find((i) => i.provider === 'google');
    const bound: Record<LoginMethod, string | null> = {
      email: user.email ? maskEmail(user.email) : null,
      username: user.userName && user.passwordHash ? user.userName : null,
      google: google ? (google.email ? maskEmail(google.email) : 'Google') : null,
    };
    const boundCount = Object.values(bound).filter((v) => v !== null).length;
    return { user, bound, boundCount };
  }

  async function notify(tx: DbOrTx, userId: bigint, bound: boolean, method: LoginMethod) {
    const [title, body]: [MessageKey, MessageKey] = bound
      ? ['AccountMsgMethodBoundTitle', 'AccountMsgMethodBoundBody']
      : ['AccountMsgMethodUnboundTitle', 'AccountMsgMethodUnboundBody'];
    await userService.addMessage(tx, userId, bound ? 'method_bound' : 'method_unbound', title, body, {
      method: METHOD_NAMES[method],
    });
  }

  return {
    async loginMethods(userId: bigint) {
      const { bound, boundCount } = await methodsOf(db, userId);
      return {
        methods: (['email', 'username', 'google'] as const).map((method) => ({
          method,
          bound: bound[method] !== null,
          detail: bound[method],
          canUnbind: bound[method] !== null && method !== 'username' && boundCount > 1,
        })),
        googleEnabled: deps.googleEnabled,
      };
    },

    async bindEmail(user: SessionUser, body: Body<'bindEmail'>): Promise<void> {
      const email = body.email.toLowerCase();
      const row = await userService.row(db, user.userId);
      if (row.email) throw new AppError('AlreadyBound', { field: 'email' });
      const taken = await accountBy(db, row.tenantId, { email });
      if (taken) throw new AppError('EmailAlreadyRegistered', { field: 'email' });
      const codeId = await codes.check({
        tenantId: row.tenantId,
        email,
        purpose: 'bind',
        code: body.verifyCode,
      });
      await withTransaction(db, async (tx) => {
        // Bound once: of two binds at once, the second finds the address set and changes nothing.
        const bound = await changeAccount(tx, user.userId, clock.now(), { email, once: true });
        if (!bound) throw new AppError('AlreadyBound', { field: 'email' });
        await codes.consume(tx, codeId);
        await notify(tx, user.userId, true, 'email');
      }).catch((error: unknown) => {
        if (uniqueViolation(error) !== null) throw new AppError('EmailAlreadyRegistered', { field: 'email' });
        throw error;
      });
    },

    async bindUserName(user: SessionUser, body: Body<'bindUserName'>): Promise<void> {
      const row = await userService.row(db, user.userId);
      if (row.userName) throw new AppError('AlreadyBound', { field: 'userName' });
      const key = body.userName.toLowerCase();
      const taken = await accountBy(db, row.tenantId, { userNameKey: key });
      if (taken) throw new AppError('UserNameTaken', { field: 'userName' });
      const passwordHash = await hashPassword(body.password);
      await withTransaction(db, async (tx) => {
        // Bound once: of two binds at once, the second finds a name set and changes nothing.
        const bound = await changeAccount(tx, user.userId, clock.now(), {
          userName: body.userName,
          userNameKey: key,
          passwordHash,
          once: true,
        });
        if (!bound) throw new AppError('AlreadyBound', { field: 'userName' });
        await notify(tx, user.userId, true, 'username');
      }).catch((error: unknown) => {
        if (uniqueViolation(error) !== null) throw new AppError('UserNameTaken', { field: 'userName' });
        throw error;
      });
    },

    /** Removes e-mail or Google sign-in; never the last way to log in. */
    async unbind(user: SessionUser, method: 'email' | 'google'): Promise<void> {
      await withTransaction(db, async (tx) => {
        // One change of a user's methods at a time: two unbinds at once (e-mail and Google) would
        // each see the other still bound and leave the account with no way to sign in.
        await lockUser(tx, user.userId);
        const { bound, boundCount } = await methodsOf(tx, user.userId);
        if (bound[method] === null) throw new AppError('NotFound', { field: 'method' });
        if (boundCount <= 1) throw new AppError('LastLoginMethod', { field: 'method' });
        if (method === 'email') {
          await changeAccount(tx, user.userId, clock.now(), { email: null });
        } else {
          await removeIdentities(tx, user.userId, 'google');
        }
        await notify(tx, user.userId, false, method);
      });
    },

    async bindTicket(user: SessionUser): Promise<string> {
      if (!deps.googleEnabled) throw new AppError('GoogleNotConfigured');
      return tickets.issue(db, { kind: 'google_bind', tenantId: user.tenantId, userId: user.userId });
    },

    /** A new password ends every session, this one too; the answer is a fresh session. */
    async changePassword(
      user: SessionUser,
      body: Body<'changePassword'>,
      meta: SessionMeta,
    ): Promise<string> {
      const row = await userService.row(db, user.userId);
      if (!(await verifyPassword(row.passwordHash, body.oldPassword))) {
        throw new AppError('WrongPassword', { field: 'oldPassword' });
      }
      const passwordHash = await hashPassword(body.password);
      return withTransaction(db, async (tx) => {
        await changeAccount(tx, user.userId, clock.now(), { passwordHash });
        await sessions.revokeAll(tx, user.userId);
        await userService.addMessage(
          tx,
          user.userId,
          'password',
          'AccountMsgPasswordChangedTitle',
          'AccountMsgPasswordChangedBody',
        );
        return sessions.create(tx, user.userId, meta);
      });
    },

    /**
     * Cancels the account for good. Proof of ownership: the password when there is one, else an
     * e-mail code (purpose cancel). Personal data is erased; the invite code and the place in the
     * team stay, so the inviters' teams keep their shape.
     */
    async cancel(user: SessionUser, body: Body<'cancelAccount'>): Promise<void> {
      const row = await userService.row(db, user.userId);
      let codeId: bigint | null = null;
      if (row.passwordHash) {
        if (!body.password || !(await verifyPassword(row.passwordHash, body.password))) {
          throw new AppError('WrongPassword', { field: 'password' });
        }
      } else if (row.email) {
        codeId = await codes.check({
          tenantId: row.tenantId,
          email: row.email,
          purpose: 'cancel',
          code: body.verifyCode ?? '',
        });
      }
      await withTransaction(db, async (tx) => {
        if (codeId !== null) await codes.consume(tx, codeId);
        await eraseAccount(tx, user.userId, clock.now());
        await sessions.revokeAll(tx, user.userId);
      });
    },

    /**
     * Takes a PNG, JPEG or WebP of at most 2 MB, checked by its bytes and its header's dimensions
     * before decoding, and stores it as a WebP square of AVATAR_SIZE pixels without its metadata;
     * answers its /media path.
     */
    async uploadAvatar(user: SessionUser, dataUrl: string): Promise<string> {
      const picture = await readPicture(dataUrl, AVATAR_MAX_BYTES);
      const bytes = await reencodePicture(picture, { fit: 'cover', width: AVATAR_SIZE, height: AVATAR_SIZE });
      const name = `${user.userId}-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.webp`;
      // Through a file, as every store takes one (the object store streams it up).
      const work = await mkdtemp(join(tmpdir(), 'ds-avatar-'));
      try {
        await writeFile(join(work, name), bytes);
        await deps.storage.putFile(join(work, name), `avatars/${name}`);
      } finally {
        await rm(work, { recursive: true, force: true });
      }
      return `/media/avatars/${name}`;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
