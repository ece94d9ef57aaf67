import { useState } from 'react';
import { useNavigate } from 'react-router';
import { problemMessage } from '../api/problem';
import { ROLE_LABELS, type Role } from '../auth/access';
import { useSession } from '../auth/session-context';
import { Badge } from '../design/badge';
import { Button } from '../design/button';
import { usePageTitle } from '../design/page-title';
import { SortableHeader, useSortedRows } from '../design/sortable-header';
import { EmptyState, ErrorState, Loading } from '../design/states';
import { Alert, PageHeader } from '../design/surface';
import table from '../design/table.module.css';
import { Time } from '../design/time';
import { ConfirmDialog } from '../design/confirm-dialog';
import { InviteMemberDialog } from './invite-member-dialog';
import {
  type Invitation,
  type Member,
  useChangeRole,
  useInvitations,
  useLeaveOrganization,
  useMembers,
  useRemoveMember,
  useRevokeInvitation,
} from './members.queries';
import { assignableRoles, mayRemove } from './owner-rules';
import styles from './members.module.css';
import { TableScroll } from '../design/table-scroll';

type MemberColumn = 'name' | 'email' | 'role' | 'joined';
type InvitationColumn = 'email' | 'role' | 'created' | 'expires';

const memberValue = (member: Member, column: MemberColumn) =>
  column === 'joined' ? member.joined_at : member[column];
const invitationValue = (invitation: Invitation, column: InvitationColumn) =>
  column === 'created'
    ? invitation.created_at
    : column === 'expires'
      ? invitation.expires_at
      : invitation[column];

export function MembersPage() {
  usePageTitle('Members');
  const session = useSession();
  const actor = session.organization.role;
  const canWrite = session.can('members:write');
  const canLeave = session.can('members:leave');
  const members = useMembers();
  const invitations = useInvitations(session.can('members:read'));
  const sortedMembers = useSortedRows<Member, MemberColumn>(members.data ?? [], memberValue, {
    key: 'name',
    direction: 'ascending',
  });
  const sortedInvitations = useSortedRows<Invitation, InvitationColumn>(
    invitations.data ?? [],
    invitationValue,
  );
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const revoke = useRevokeInvitation();
  const leave = useLeaveOrganization();
  const navigate = useNavigate();
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [leaving, setLeaving] = useState(false);
  // Every role change waits for a confirmation with an optional reason: a role grants or takes away
  // rights at once (Owner: all of them; one's own: maybe the right to change it back).
  const [roleChange, setRoleChange] = useState<{ member: Member; role: Role } | null>(null);
  const [reason, setReason] = useState('');
  const invitable = assignableRoles(actor);

  const closeRemove = () => {
    remove.reset();
    setRemoving(null);
  };
  const closeRoleChange = () => {
    changeRole.reset();
    setReason('');
    setRoleChange(null);
  };
  const confirmRoleChange = () =>
    roleChange &&
    changeRole.mutate(
      { id: roleChange.member.id, role: roleChange.role, reason: reason.trim() || undefined },
      { onSuccess: closeRoleChange },
    );
  const changingOwn = roleChange?.member.id === session.user.id;
  const closeLeave = () => {
    leave.reset();
    setLeaving(false);
  };
  const confirmLeave = () =>
    leave.mutate(undefined, {
      onSuccess: () => void navigate('/', { replace: true }),
    });
  const memberHeader = (column: MemberColumn, label: string) => (
    <SortableHeader column={column} sort={sortedMembers.sort} onSort={sortedMembers.setSort}>
      {label}
    </SortableHeader>
  );
  const invitationHeader = (column: InvitationColumn, label: string) => (
    <SortableHeader column={column} sort={sortedInvitations.sort} onSort={sortedInvitations.setSort}>
      {label}
    </SortableHeader>
  );

  return (
    <>
      <PageHeader
        title="Members"
        description="The people of the organization, their roles, and the invitations not yet accepted."
        actions={
          <>
            {canLeave && (
              <Button variant="danger" onClick={() => setLeaving(true)}>
                Leave organization
              </Button>
            )}
            {canWrite && (
              <Button variant="primary" onClick={() => setInviting(true)}>
                Invite member
              </Button>
            )}
          </>
        }
      />
      {((changeRole.isError && roleChange === null) || revoke.isError) && (
        <div className={styles.notice}>
          <Alert tone="danger" title="This was refused.">
            {problemMessage(changeRole.error ?? revoke.error)}
          </Alert>
        </div>
      )}
      {members.isPending ? (
        <Loading label="Loading members…" />
      ) : members.isError ? (
        <ErrorState error={members.error} onRetry={() => void members.refetch()} />
      ) : (
        <TableScroll>
          <table className={table.table} aria-busy={members.isFetching}>
            <caption className="visually-hidden">Members</caption>
            <thead>
              <tr>
                {memberHeader('name', 'Name')}
                {memberHeader('email', 'Email')}
                {memberHeader('role', 'Role')}
                {memberHeader('joined', 'Joined')}
                {canWrite && (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {sortedMembers.rows.map((member) => {
                const roles = assignableRoles(actor, member.role);
                const you = member.id === session.user.id;
                return (
                  <tr key={member.id}>
                    <td>
                      <strong>{member.name}</strong>
                      {you && <span className={styles.you}> (you)</span>}
                    </td>
                    <td className={table.muted}>{member.email}</td>
                    <td>
                      {roles.length > 0 ? (
                        <select
                          className={styles.roleSelect}
                          aria-label={`Role of ${member.name}`}
                          value={roleChange?.member.id === member.id ? roleChange.role : member.role}
                          disabled={changeRole.isPending}
                          onChange={(event) => {
                            revoke.reset();
                            changeRole.reset();
                            setRoleChange({ member, role: event.target.value as Role });
                          }}
                        >
                          {roles.map((role) => (
                            <option key={role} value={role}>
                              {ROLE_LABELS[role]}
                            </option>
                          ))}
                        </select>
                      ) : (
                        <Badge tone={member.role === 'owner' ? 'info' : 'neutral'}>
                          {ROLE_LABELS[member.role]}
                        </Badge>
                      )}
                    </td>
                    <td className={table.muted}>
                      <Time value={member.joined_at} />
                    </td>
                    {canWrite && (
                      <td>
                        <div className={styles.rowActions}>
                          {mayRemove(actor, member.role) && !you && (
                            <Button
                              size="small"
                              variant="danger"
                              aria-label={`Remove ${member.name}`}
                              onClick={() => setRemoving(member)}
                            >
                              Remove
                            </Button>
                          )}
                        </div>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}

      <section className={styles.section} aria-labelledby="invitations-heading">
        <h2 id="invitations-heading">Pending invitations</h2>
        {invitations.isPending ? (
          <Loading label="Loading invitations…" compact />
        ) : invitations.isError ? (
          <ErrorState error={invitations.error} onRetry={() => void invitations.refetch()} compact />
        ) : sortedInvitations.rows.length === 0 ? (
          <EmptyState title="No pending invitations" compact>
            Invitations not yet accepted, revoked or expired appear here.
          </EmptyState>
        ) : (
          <TableScroll>
            <table className={table.table} aria-busy={invitations.isFetching}>
              <caption className="visually-hidden">Pending invitations</caption>
              <thead>
                <tr>
                  {invitationHeader('email', 'Email')}
                  {invitationHeader('role', 'Role')}
                  {invitationHeader('created', 'Invited')}
                  {invitationHeader('expires', 'Expires')}
                  {canWrite && (
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {sortedInvitations.rows.map((invitation) => (
                  <tr key={invitation.id}>
                    <td>{invitation.email}</td>
                    <td>
                      <Badge>{ROLE_LABELS[invitation.role]}</Badge>
                    </td>
                    <td className={table.muted}>
                      <Time value={invitation.created_at} />
                    </td>
                    <td className={table.muted}>
                      <Time value={invitation.expires_at} />
                    </td>
                    {canWrite && (
                      <td>
                        <div className={styles.rowActions}>
                          {(actor === 'owner' || invitation.role !== 'owner') && (
                            <Button
                              size="small"
                              variant="danger"
                              disabled={revoke.isPending}
                              aria-label={`Revoke the invitation of ${invitation.email}`}
                              onClick={() => {
                                changeRole.reset();
                                revoke.mutate(invitation.id);
                              }}
                            >
                              Revoke
                            </Button>
                          )}
                        </div>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>

      {canWrite && (
        <InviteMemberDialog open={inviting} roles={invitable} onClose={() => setInviting(false)} />
      )}
      <ConfirmDialog
        title={removing ? `Remove ${removing.name}?` : 'Remove member?'}
        open={removing !== null}
        confirmLabel="Remove member"
        busy={remove.isPending}
        error={remove.error}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: closeRemove })}
        onClose={closeRemove}
      >
        {removing?.name} ({removing?.email}) loses access to this organization at once. Their account stays,
        for their other organizations.
      </ConfirmDialog>
      <ConfirmDialog
        title={
          changingOwn
            ? 'Change your own role?'
            : `Make ${roleChange?.member.name ?? ''} ${roleChange ? ROLE_LABELS[roleChange.role] : ''}?`
        }
        open={roleChange !== null}
        confirmLabel={changingOwn ? 'Change my role' : 'Change role'}
        busy={changeRole.isPending}
        error={changeRole.error}
        reason={{ value: reason, onChange: setReason }}
        onConfirm={confirmRoleChange}
        onClose={closeRoleChange}
      >
        {roleChange && changingOwn
          ? `You become ${ROLE_LABELS[roleChange.role]} in ${session.organization.name} at once; if that role cannot manage members, someone else must give your role back.`
          : roleChange &&
            `${roleChange.member.name} goes from ${ROLE_LABELS[roleChange.member.role]} to ${ROLE_LABELS[roleChange.role]} in ${session.organization.name} at once.${
              roleChange.role === 'owner'
                ? ' An owner can do everything in the organization, including changing and removing other owners.'
                : ''
            }`}
      </ConfirmDialog>
      <ConfirmDialog
        title={`Leave ${session.organization.name}?`}
        open={leaving}
        confirmLabel="Leave organization"
        busy={leave.isPending}
        error={leave.error}
        onConfirm={confirmLeave}
        onClose={closeLeave}
      >
        You lose access to this organization at once; only a new invitation brings you back. Your account
        stays.
      </ConfirmDialog>
    </>
  );
}

export const Component = MembersPage;
