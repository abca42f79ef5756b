import { BookOpen } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { BoardSizesNote, DrawsNote, HowToPlaySummary } from './how-to-play-summary';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { focusPageHeading } from '@/lib/focus';

/** The top bar's How to Play side sheet: the rules in brief, with a link to the full guide. */
export function HowToPlaySheet() {
  const [open, setOpen] = useState(false);
  // After following the guide link, focus belongs to the new page, not the sheet's button.
  const navigated = useRef(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="sm" className="px-2 sm:px-3">
          <BookOpen aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">How to Play</span>
        </Button>
      </SheetTrigger>
      <SheetContent
        side="right"
        className="overflow-y-auto"
        onCloseAutoFocus={(event) => {
          if (!navigated.current) return;
          navigated.current = false;
          event.preventDefault();
          focusPageHeading();
        }}
      >
        <SheetHeader className="pr-12">
          <SheetTitle className="text-lg">How to Play</SheetTitle>
          <SheetDescription>
            A squares pool is a game of luck on a board of 100 squares, or a smaller one of 50 or 25. You need no football knowledge to win.
          </SheetDescription>
        </SheetHeader>
        <HowToPlaySummary compact />
        <BoardSizesNote compact />
        <DrawsNote compact />
        <SheetFooter>
          <Button asChild>
            <Link
              to="/how-to-play"
              onClick={() => {
                navigated.current = true;
                setOpen(false);
              }}
            >
              Read the step-by-step guide
            </Link>
          </Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
