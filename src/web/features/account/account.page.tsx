import { Link2 } from 'lucide-react';
import { ACCOUNT_TEXTS } from '@core/messages';
import { ErrorState, LoadingState, Page } from '@/components/page';
import { useAccount } from './account';
import { DeleteSection } from './account-delete';
import { EmailSection } from './account-email';
import { MailsSection } from './account-mails';
import { PasswordSection } from './account-password';
import { messageOf } from './account-rules';
import { AccountSection } from './account-section';
import { UsernameSection } from './account-username';

/**
 * /account (D41; docs/decisions/034): the signed-in account's username, e-mail address and
 * password, how sign-in links work for it, and deleting it. The server checks everything again.
 */
export default function AccountPage() {
  const account = useAccount();
  if (account.isPending) return <LoadingState />;
  if (account.isError) {
    return (
      <Page title={ACCOUNT_TEXTS.title} width="narrow">
        <ErrorState title="Failed to load your account" message={messageOf(account.error)} onRetry={() => void account.refetch()} />
      </Page>
    );
  }
  const data = account.data;
  return (
    <Page title={ACCOUNT_TEXTS.title} description={ACCOUNT_TEXTS.description} width="narrow">
      <UsernameSection account={data} />
      <EmailSection account={data} />
      <PasswordSection account={data} />
      <AccountSection id="sign-in-links" title="Sign-in links" icon={<Link2 aria-hidden="true" className="size-4" />}>
        <p className="text-sm text-muted-foreground">{ACCOUNT_TEXTS.signInLinks}</p>
      </AccountSection>
      <MailsSection />
      <DeleteSection account={data} />
    </Page>
  );
}
