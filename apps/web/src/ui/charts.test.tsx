import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import '../testing/jsdom-globals';
import '../i18n';
import { BarsChart, TrendChart } from './charts';

const percent = (v: number) => `${v}%`;

/** the hidden table's rows as a screen reader reads them: header cell, then the values */
const tableRows = (figure: HTMLElement) =>
  within(within(figure).getByRole('table'))
    .getAllByRole('row')
    .map((row) => Array.from(row.children).map((cell) => cell.textContent));

describe('TrendChart', () => {
  const weeks = [
    { key: 'w1', label: 'Week 1', score: 40, attempts: 2 },
    { key: 'w2', label: 'Week 2', score: 75, attempts: 3 },
    { key: 'w3', label: 'Week 3', score: 60, attempts: null },
  ];

  it('sums the series up in one sentence for the graphic and lists every figure in the table', () => {
    render(
      <TrendChart
        data={weeks}
        series={[
          { key: 'score', label: 'Average score' },
          { key: 'attempts', label: 'Attempts' },
        ]}
        caption="Scores over time"
        rowHeader="Week"
        testId="trend"
      />,
    );
    const figure = screen.getByTestId('trend');
    expect(within(figure).getByText('Scores over time', { selector: 'figcaption' })).toBeTruthy();
    expect(within(figure).getByRole('img').getAttribute('aria-label')).toBe(
      'Scores over time, 3 points. Average score: from 40 to 60, lowest 40, highest 75. Attempts: from 2 to 3, lowest 2, highest 3.',
    );
    expect(tableRows(figure)).toEqual([
      ['Week', 'Average score', 'Attempts'],
      ['Week 1', '40', '2'],
      ['Week 2', '75', '3'],
      // a missing value is a dash, not a zero
      ['Week 3', '60', '\u2014'],
    ]);
  });

  it('writes values with the given format and says when a series has no figures at all', () => {
    render(
      <TrendChart
        data={[]}
        series={[{ key: 'score', label: 'Average score' }]}
        caption="Scores over time"
        rowHeader="Attempt"
        format={percent}
        hideCaption
        testId="trend"
      />,
    );
    const figure = screen.getByTestId('trend');
    expect(within(figure).getByRole('img', { name: 'Scores over time, 0 points. Average score: no figures.' })).toBeTruthy();
    expect(tableRows(figure)).toEqual([['Attempt', 'Average score']]);
    // the caption stays for assistive tech even when it is not shown
    expect(within(figure).getByText('Scores over time', { selector: 'figcaption' }).className).toBe('sr-only');
  });

  it('prefers a summary given by the screen over the generated one', () => {
    render(<TrendChart data={weeks} series={[{ key: 'score', label: 'Score' }]} caption="Scores" rowHeader="Week" summary="Rising." />);
    expect(screen.getByRole('img', { name: 'Rising.' })).toBeTruthy();
  });
});

describe('BarsChart', () => {
  const lessons = [
    { key: 'l1', label: 'Basics', detail: 'Lesson 1', completion: 92.5 },
    { key: 'l2', label: 'Loops', completion: 61 },
  ];

  it('reads each bar out with its formatted value, in the summary and in the table', () => {
    render(
      <BarsChart
        data={lessons}
        series={[{ key: 'completion', label: 'Completion' }]}
        caption="Completion by lesson"
        rowHeader="Lesson"
        format={percent}
        horizontal
        testId="bars"
      />,
    );
    const figure = screen.getByTestId('bars');
    expect(within(figure).getByRole('img').getAttribute('aria-label')).toBe('Completion by lesson: Basics 92.5%; Loops 61%.');
    expect(tableRows(figure)).toEqual([
      ['Lesson', 'Completion'],
      ['Basics (Lesson 1)', '92.5%'],
      ['Loops', '61%'],
    ]);
  });

  it('names each series in the summary when bars are compared side by side', () => {
    const results = [{ key: 'q1', label: 'Quiz 1', passed: 8, failed: null }];
    render(
      <BarsChart
        data={results}
        series={[
          { key: 'passed', label: 'Passed' },
          { key: 'failed', label: 'Failed' },
        ]}
        caption="Results"
        rowHeader="Quiz"
        stacked
      />,
    );
    expect(screen.getByRole('img', { name: 'Results: Quiz 1 Passed 8, Failed \u2014.' })).toBeTruthy();
  });
});
