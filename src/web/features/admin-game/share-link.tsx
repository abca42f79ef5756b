/**
 * A game's link to hand out (D30's invite link, D45's "Share this pool"): the link in a read-only
 * box with Copy link (falling back to selecting it for the reader to copy), and the link as a
 * QR code the server drew (black on white in either theme, large enough for a phone to read).
 */
import { INVITE_TEXTS } from '@core/messages';
import { Check, Copy } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

export function CopyLink({
  url,
  label,
  hint,
  testIds,
}: {
  url: string;
  label: string;
  hint: ReactNode;
  /** The box's and the button's test ids (the invite link keeps its own). */
  testIds: { link: string; copy: string };
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  // A new link (rotated) has not been copied yet.
  useEffect(() => setCopied(null), [url]);

  async function copy() {
    window.clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
      timer.current = window.setTimeout(() => setCopied(null), 4000);
    } catch {
      // No clipboard (an insecure origin, a refusal): the link is selected for the reader to copy.
      setCopied('failed');
      input.current?.focus();
      input.current?.select();
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={`${id}-link`} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          ref={input}
          id={`${id}-link`}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs sm:text-sm"
          aria-describedby={`${id}-link-hint ${id}-copy-status`}
          data-testid={testIds.link}
        />
        <Button onClick={() => void copy()} className="shrink-0" data-testid={testIds.copy}>
          {copied === 'yes' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          Copy link
        </Button>
      </div>
      <p id={`${id}-link-hint`} className="text-sm text-muted-foreground">
        {hint}
      </p>
      <p id={`${id}-copy-status`} role="status" className="min-h-5 text-sm font-medium" data-testid="copy-status">
        {copied === 'yes' ? INVITE_TEXTS.copied : copied === 'failed' ? INVITE_TEXTS.copyFailed : ''}
      </p>
    </div>
  );
}

/** The link as a QR code (an SVG document from the server, shown as an image); `imageClassName` sizes the code (default 20rem). */
export function LinkQrCode({
  svg,
  alt,
  testId,
  className,
  imageClassName = 'w-80',
}: {
  svg: string;
  alt: string;
  testId: string;
  className?: string;
  imageClassName?: string;
}) {
  return (
    <figure className={cn('flex w-fit max-w-full flex-col items-center gap-2 rounded-xl border bg-white p-3 shadow-sm', className)} data-testid={testId}>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
        alt={alt}
        width={320}
        height={320}
        className={cn('aspect-square max-w-full [image-rendering:pixelated]', imageClassName)}
      />
      <figcaption className="text-sm text-neutral-700">Scan to open the game</figcaption>
    </figure>
  );
}
