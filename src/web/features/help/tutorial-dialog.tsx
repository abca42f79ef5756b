import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { TUTORIAL_IMAGES, type TutorialImage } from './tutorial-content';
import { cycleIndex } from './cycle';

export interface TutorialDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Gets the focus back when the dialog closes. */
  opener?: RefObject<HTMLElement | null>;
}

/**
 * The home page's Visual Tutorial (spec section 1): two images paged with Previous and Next,
 * wrapping around at both ends, with "Image n of 2". Loaded on demand by the home page.
 */
export default function TutorialDialog({ open, onOpenChange, opener }: TutorialDialogProps) {
  const nextButton = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="gap-5 p-4 sm:max-w-2xl sm:p-6"
        data-testid="tutorial-dialog"
        // Start on Next, the way forward (Radix would pick Previous, the first button).
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          nextButton.current?.focus();
        }}
        // The button that opened the dialog is not a DialogTrigger (this module loads on demand),
        // so Radix would not know where to return focus on close.
        onCloseAutoFocus={(event) => {
          if (!opener?.current) return;
          event.preventDefault();
          opener.current.focus();
        }}
      >
        <DialogHeader className="px-8 sm:px-0 sm:pr-8">
          <DialogTitle>Visual Tutorial</DialogTitle>
          <DialogDescription>How a squares pool works, in two pictures.</DialogDescription>
        </DialogHeader>
        {/* Inside the content, so every opening starts at the first image. */}
        <TutorialSlides nextButton={nextButton} />
      </DialogContent>
    </Dialog>
  );
}

function TutorialSlides({ nextButton }: { nextButton: RefObject<HTMLButtonElement | null> }) {
  const total = TUTORIAL_IMAGES.length;
  const [index, setIndex] = useState(0);
  const image = TUTORIAL_IMAGES[index] ?? TUTORIAL_IMAGES[0]!;
  const go = (step: number) => setIndex((current) => cycleIndex(current, step, total));

  // Fetch the other image now, so Next shows it without a wait.
  useEffect(() => {
    for (const other of TUTORIAL_IMAGES) new Image().src = other.src;
  }, []);

  return (
    <div
      className="flex flex-col gap-4"
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') go(1);
        else if (event.key === 'ArrowLeft') go(-1);
      }}
    >
      <figure className="flex flex-col gap-3">
        {/* A new element per image, so a failed image does not hide the next one. */}
        <TutorialPicture key={image.src} image={image} />
        <figcaption className="flex flex-col gap-1">
          <span className="font-semibold">
            {index + 1}. {image.title}
          </span>
          <span className="text-sm text-muted-foreground">{image.caption}</span>
        </figcaption>
      </figure>
      <div className="flex items-center justify-between gap-2">
        <Button variant="outline" onClick={() => go(-1)}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <p className="text-sm font-medium whitespace-nowrap tabular-nums" aria-live="polite" data-testid="tutorial-counter">
          Image {index + 1} of {total}
        </p>
        <Button ref={nextButton} onClick={() => go(1)}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

/** The image, or its description when it cannot be loaded (spec: a missing image gives a text fallback). */
function TutorialPicture({ image }: { image: TutorialImage }) {
  const [failed, setFailed] = useState(false);
  const aspectRatio = `${image.width} / ${image.height}`;
  if (failed) {
    return (
      <div
        className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed bg-muted/50 p-5 text-center"
        style={{ aspectRatio }}
        data-testid="tutorial-fallback"
      >
        <ImageOff aria-hidden="true" className="size-6 text-muted-foreground" />
        <p className="max-w-prose text-sm leading-relaxed">{image.description}</p>
      </div>
    );
  }
  return (
    <img
      src={image.src}
      alt={image.description}
      width={image.width}
      height={image.height}
      decoding="async"
      className="h-auto w-full rounded-xl bg-muted"
      style={{ aspectRatio }}
      onError={() => setFailed(true)}
    />
  );
}
