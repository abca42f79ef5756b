import { ChevronLeft, ChevronRight, Grid3x3, RotateCcw, Search } from 'lucide-react';
import { useState } from 'react';
import { BoardSizesNote, DrawsNote } from './how-to-play-summary';
import { BackLink, LinkButton } from '@/components/link-button';
import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { HOW_TO_PLAY_STEPS } from './how-to-play-content';
import { cn } from '@/lib/utils';

export default function HowToPlayPage() {
  const total = HOW_TO_PLAY_STEPS.length;
  const [index, setIndex] = useState(0);
  const step = HOW_TO_PLAY_STEPS[index] ?? HOW_TO_PLAY_STEPS[0]!;
  const isFirst = index === 0;
  const isLast = index === total - 1;
  const stepLabel = `Step ${index + 1} of ${total}`;

  return (
    <Page
      title="How to Play"
      description="Six steps from picking a game to collecting your winnings."
      width="narrow"
      before={<BackLink to="/">Back to Home</BackLink>}
    >
      <div className="flex flex-col gap-2">
        <div className="flex min-h-8 items-center justify-between gap-2 text-sm">
          <span className="font-medium" aria-live="polite" data-testid="step-counter">
            {stepLabel}
          </span>
          <Button variant="ghost" size="sm" onClick={() => setIndex(0)} disabled={isFirst}>
            <RotateCcw aria-hidden="true" />
            Start Over
          </Button>
        </div>
        <Progress value={index + 1} max={total} aria-label="Guide progress" aria-valuetext={stepLabel} />
      </div>

      <Card aria-labelledby="step-title" role="region">
        <CardHeader>
          <p className="text-sm font-medium text-primary" aria-hidden="true">
            Step {index + 1}
          </p>
          <CardTitle as="h2" id="step-title" className="text-xl">
            {step.title}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <p className="leading-relaxed">{step.body}</p>
        </CardContent>
        <CardFooter className="flex items-center justify-between gap-2">
          <Button variant="outline" onClick={() => setIndex(index - 1)} disabled={isFirst}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <Button onClick={() => setIndex(index + 1)} disabled={isLast}>
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </CardFooter>
      </Card>

      <nav aria-label="Guide steps">
        <ol className="flex flex-wrap justify-center gap-2">
          {HOW_TO_PLAY_STEPS.map((item, itemIndex) => (
            <li key={item.title}>
              <button
                type="button"
                onClick={() => setIndex(itemIndex)}
                aria-current={itemIndex === index ? 'step' : undefined}
                aria-label={`Step ${itemIndex + 1}: ${item.title}`}
                className={cn(
                  'flex size-8 items-center justify-center rounded-full border text-sm font-medium transition-colors',
                  itemIndex === index
                    ? 'border-primary bg-primary text-primary-foreground'
                    : itemIndex < index
                      ? 'border-primary/40 bg-accent text-accent-foreground'
                      : 'bg-background text-muted-foreground hover:bg-accent',
                )}
              >
                {itemIndex + 1}
              </button>
            </li>
          ))}
        </ol>
      </nav>

      <BoardSizesNote />
      <DrawsNote />

      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        <LinkButton variant="outline" to="/all-games">
          <Search aria-hidden="true" />
          Browse Games
        </LinkButton>
        <LinkButton variant="outline" to="/my-squares">
          <Grid3x3 aria-hidden="true" />
          View My Squares
        </LinkButton>
      </div>
    </Page>
  );
}
