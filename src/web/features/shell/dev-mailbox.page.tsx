import type { DevMailboxResponse, OutboxMail } from '@core/api/dev-mailbox';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Inbox, MailOpen, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ErrorState, LoadingState, Page } from '@/components/page';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { api, isApiError } from '@/lib/api';
import { dateAndTime } from '@/lib/time';
import { cn } from '@/lib/utils';

const TEXTS = {
  title: 'Dev Mailbox',
  description: 'Mail the app would send, kept here because no mail server is set up (trial mode).',
  empty: 'No mail yet',
  emptyHint: 'Sign up or ask for a password reset, then refresh.',
  disabledTitle: 'The Dev Mailbox is off',
  disabled: 'This installation sends real e-mail, so there is no Dev Mailbox. Check your inbox instead.',
  forbiddenTitle: 'The Dev Mailbox is not available here',
  failedTitle: 'Could not load the mailbox.',
  pick: 'Choose a mail to read it.',
} as const;

/** D9: the outbox of a trial installation, to follow confirmation and reset links. */
export default function DevMailboxPage() {
  const mailbox = useQuery({
    queryKey: ['dev-mailbox'],
    queryFn: ({ signal }) => api.get<DevMailboxResponse>('/api/dev/mailbox', signal),
    retry: false,
    refetchOnWindowFocus: true,
  });
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const mails = mailbox.data?.mails ?? [];
  const selected = mails.find((mail) => mail.id === selectedId) ?? null;

  return (
    <Page
      title={TEXTS.title}
      description={TEXTS.description}
      width="wide"
      actions={
        <Button variant="outline" onClick={() => void mailbox.refetch()} disabled={mailbox.isFetching}>
          <RefreshCw aria-hidden="true" className={cn(mailbox.isFetching && 'animate-spin')} />
          Refresh
        </Button>
      }
    >
      {mailbox.isPending ? (
        <LoadingState label="Loading mail..." />
      ) : mailbox.isError ? (
        <MailboxError error={mailbox.error} onRetry={() => void mailbox.refetch()} />
      ) : mails.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 py-10 text-center">
            <Inbox aria-hidden="true" className="size-10 text-muted-foreground" />
            <h2 className="text-lg font-semibold">{TEXTS.empty}</h2>
            <p className="text-sm text-muted-foreground">{TEXTS.emptyHint}</p>
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
          <section aria-labelledby="mailbox-list-heading" className="flex min-w-0 flex-col gap-2">
            <h2 id="mailbox-list-heading" className="text-sm font-medium text-muted-foreground">
              {mails.length === 1 ? '1 mail' : `${mails.length} mails`}, newest first
            </h2>
            <ul className="flex flex-col gap-2" data-testid="mail-list">
              {mails.map((mail) => {
                const current = mail.id === selected?.id;
                return (
                  <li key={mail.id}>
                    <button
                      type="button"
                      aria-current={current ? 'true' : undefined}
                      onClick={() => setSelectedId(mail.id)}
                      className={cn(
                        'flex w-full flex-col gap-1 rounded-lg border bg-card p-3 text-left text-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                        current && 'border-primary bg-accent',
                      )}
                    >
                      <span className="font-medium break-words">{mail.subject}</span>
                      <span className="break-all text-muted-foreground">To: {mail.to}</span>
                      <time dateTime={mail.created_at} className="text-xs text-muted-foreground">
                        {dateAndTime(mail.created_at)}
                      </time>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
          {selected ? (
            <MailView mail={selected} />
          ) : (
            <Card className="hidden lg:flex">
              <CardContent className="flex flex-col items-center gap-2 py-10 text-center text-muted-foreground">
                <MailOpen aria-hidden="true" className="size-10" />
                <p>{TEXTS.pick}</p>
              </CardContent>
            </Card>
          )}
        </div>
      )}
    </Page>
  );
}

function MailboxError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (isApiError(error) && error.status === 404) {
    return <ErrorState title={TEXTS.disabledTitle} message={TEXTS.disabled} />;
  }
  if (isApiError(error) && error.status === 403) {
    return <ErrorState title={TEXTS.forbiddenTitle} message={error.message} />;
  }
  return <ErrorState title={TEXTS.failedTitle} message={error.message} onRetry={onRetry} />;
}

function MailView({ mail }: { mail: OutboxMail }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A chosen mail: move focus (and, on narrow screens, the view) to it.
  useEffect(() => {
    const heading = headingRef.current;
    if (!heading) return;
    heading.focus({ preventScroll: true });
    if (!window.matchMedia('(min-width: 1024px)').matches) heading.scrollIntoView({ block: 'start' });
  }, [mail.id]);
  return (
    <Card className="min-w-0 scroll-mt-16" data-testid="mail-view">
      <CardHeader>
        <CardTitle as="h2" ref={headingRef} tabIndex={-1} className="scroll-mt-20 text-lg leading-snug break-words focus:outline-none">
          {mail.subject}
        </CardTitle>
        <CardDescription className="flex flex-col gap-0.5">
          <span className="break-all">To: {mail.to}</span>
          <time dateTime={mail.created_at}>{dateAndTime(mail.created_at)}</time>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {mail.link && (
          <div className="flex flex-col gap-1">
            <Button asChild className="w-full sm:w-fit">
              <a href={mail.link} data-testid="mail-link">
                <ExternalLink aria-hidden="true" />
                Open the link
              </a>
            </Button>
            <p className="text-xs break-all text-muted-foreground">{mail.link}</p>
          </div>
        )}
        <Tabs defaultValue={mail.html ? 'html' : 'text'} key={mail.id}>
          <TabsList>
            {mail.html && <TabsTrigger value="html">HTML</TabsTrigger>}
            <TabsTrigger value="text">Text</TabsTrigger>
          </TabsList>
          {mail.html && (
            <TabsContent value="html">
              {/* sandbox="": no scripts, no forms, no navigation; an opaque origin. */}
              <iframe
                title={`HTML part of "${mail.subject}"`}
                sandbox=""
                srcDoc={mail.html}
                className="h-[28rem] w-full rounded-md border bg-white"
                data-testid="mail-html"
              />
            </TabsContent>
          )}
          <TabsContent value="text">
            <pre className="max-h-[28rem] overflow-auto rounded-md border bg-muted/40 p-3 text-sm whitespace-pre-wrap break-words" data-testid="mail-text">
              {mail.text}
            </pre>
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
