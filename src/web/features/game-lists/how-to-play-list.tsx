import { ArrowRight, Images } from 'lucide-react';
import { type ComponentType, useRef, useState } from 'react';
import { Link } from 'react-router';
import { HowToPlaySummary } from '@/features/help/how-to-play-summary';
import type { TutorialDialogProps } from '@/features/help/tutorial-dialog';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';

/** Home's How to Play: the summary list, the Visual Tutorial and a link to the step-by-step guide. */
export function HowToPlayList() {
  return (
    <section aria-labelledby="how-to-play-title" className="flex flex-col gap-4">
      <h2 id="how-to-play-title" className="text-xl font-semibold tracking-tight">
        How to Play
      </h2>
      <HowToPlaySummary />
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <VisualTutorialButton />
        <Button asChild variant="link" className="w-fit px-0 has-[>svg]:px-0">
          <Link to="/how-to-play">
            See the step-by-step guide
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}

type TutorialDialogComponent = ComponentType<TutorialDialogProps>;

let tutorialDialog: Promise<TutorialDialogComponent> | null = null;

/** The tutorial dialog's code, fetched once on first hover, focus or click (it is not in the first bundle). */
function loadTutorialDialog(): Promise<TutorialDialogComponent> {
  tutorialDialog ??= import('@/features/help/tutorial-dialog').then(
    (module) => module.default,
    (error: unknown) => {
      tutorialDialog = null; // let the next click try again
      throw error;
    },
  );
  return tutorialDialog;
}

function VisualTutorialButton() {
  const [open, setOpen] = useState(false);
  const [Dialog, setDialog] = useState<TutorialDialogComponent | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const preload = () => void loadTutorialDialog().catch(() => undefined);
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        className="w-fit"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          loadTutorialDialog().then(
            (component) => {
              setDialog(() => component);
              setOpen(true);
            },
            () => notify.error('The tutorial could not be loaded. Please try again.'),
          );
        }}
      >
        <Images aria-hidden="true" />
        Visual Tutorial
      </Button>
      {Dialog && <Dialog open={open} onOpenChange={setOpen} opener={button} />}
    </>
  );
}
