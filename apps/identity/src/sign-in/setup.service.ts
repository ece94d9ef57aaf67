import { HttpStatus, Injectable } from '@nestjs/common';
import { newId } from '@governance/contracts';
import { sha256Hex } from '@governance/auth';
import { type Transaction, UnitOfWork } from '@governance/messaging';
import { ApiError, ErrorCode, violatesUnique } from '@governance/platform';
import { OrganizationsService } from '../organizations/organizations.service';
import { MembershipsService } from '../people/memberships.service';
import { hashPassword, passwordProblem } from '../people/passwords';
import { PeopleRepository, type UserRow } from '../people/people.repository';
import { linkInvalid, linkRefusal } from './one-time-links';
import { type OneTimeLinkRow, OneTimeLinksRepository } from './one-time-links.repository';
import { fieldProblem } from './passwords.service';
import { type SetupDto, type SetupStatusResponse } from './sign-in.dto';
import { actAs, type SignedIn, SignInService } from './sign-in.service';
import { SignInLimiter } from './sign-in-limiter';

/** The first owner's session is used at once, on every service. */
const PUBLISHED = { awaitPublished: true };
/** The plan of the organization the first start creates: webhooks and everything else included. */
const FIRST_ORGANIZATION_PLAN = 'professional';

/**
 * Setup by a one-time link. The first-start link creates the first person, their organization and their
 * owner membership; an organization's link (admin API, `owner_email`) makes the person it was sent to its
 * owner, with a new account or their existing one (whose password they prove). Either signs them in.
 */
@Injectable()
export class SetupService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly links: OneTimeLinksRepository,
    private readonly people: PeopleRepository,
    private readonly organizations: OrganizationsService,
    private readonly memberships: MembershipsService,
    private readonly signIn: SignInService,
    private readonly limiter: SignInLimiter,
  ) {}

  async status(): Promise<SetupStatusResponse> {
    return { setup_pending: !(await this.people.hasUsers()) };
  }

  setup(input: SetupDto, presentedToken: string | undefined, address: string | null): Promise<SignedIn> {
    return this.unitOfWork.run(async (tx) => {
      const link = await this.links.lock(tx.manager, sha256Hex(input.token), 'setup');
      const refusal = linkRefusal(link);
      if (refusal) throw linkInvalid(refusal);
      const user = link!.organization_id
        ? await this.ownerOf(tx, link!, link!.organization_id, input, address)
        : await this.firstOwner(tx, input);
      await this.links.markUsed(tx.manager, link!.token_sha256);
      return this.signIn.startSession(tx, user, presentedToken);
    }, PUBLISHED);
  }

  private async firstOwner(tx: Transaction, input: SetupDto): Promise<UserRow> {
    // The first-start link is for the very first person; after that, people are invited.
    if (await this.people.hasUsers(tx.manager))
      throw linkInvalid('used', 'Setup is done already: sign in instead');
    // null as well as absent: a form's empty field may come as either.
    if (input.organization_name === undefined || input.organization_name === null)
      throw fieldProblem(
        'organization_name',
        'organization_name is required to create the first organization',
      );
    const user = await this.createUser(tx, input);
    const organization = await this.organizations.create(
      tx,
      input.organization_name,
      FIRST_ORGANIZATION_PLAN,
    );
    await this.memberships.add(tx, organization.id, user.id, 'owner');
    return user;
  }

  private async ownerOf(
    tx: Transaction,
    link: OneTimeLinkRow,
    organizationId: string,
    input: SetupDto,
    address: string | null,
  ): Promise<UserRow> {
    if (input.email.toLowerCase() !== link.email?.toLowerCase())
      throw fieldProblem('email', 'email must be the address this setup link was sent to');
    const existing = await this.people.findUserByEmail(input.email, tx.manager);
    const user = existing
      ? await this.proveAccount(existing, input.password, address)
      : await this.createUser(tx, input);
    actAs(user.id);
    const membership = await this.people.findMembership(tx.manager, organizationId, user.id);
    if (!membership) await this.memberships.add(tx, organizationId, user.id, 'owner');
    else if (membership.role !== 'owner')
      await this.memberships.changeRole(tx, organizationId, user.id, membership.role, 'owner');
    return user;
  }

  /** An existing account joins with its own password, which counts against the sign-in limit. */
  private async proveAccount(user: UserRow, password: string, address: string | null): Promise<UserRow> {
    const check = { email: user.email, account: user, password, address, via: 'setup_link' } as const;
    if (!(await this.limiter.checkPassword(check)))
      throw fieldProblem('password', 'password must be the password of the existing account of this email');
    return user;
  }

  private async createUser(tx: Transaction, input: SetupDto): Promise<UserRow> {
    const problem = passwordProblem(input.password, input.email);
    if (problem) throw fieldProblem('password', problem);
    const passwordHash = await hashPassword(input.password);
    try {
      const user = await this.people.insertUser(tx.manager, {
        id: newId('user'),
        email: input.email,
        name: input.name,
        passwordHash,
      });
      actAs(user.id);
      return user;
    } catch (error) {
      if (violatesUnique(error, 'users_email_idx'))
        throw new ApiError(
          HttpStatus.CONFLICT,
          ErrorCode.Conflict,
          'An account with this email exists already',
          {
            field: 'email',
          },
        );
      throw error;
    }
  }
}
