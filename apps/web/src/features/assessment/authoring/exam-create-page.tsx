/** Placeholder wired into the route table; replaced by the real screen. */
export function ExamCreatePage({ variant }: { variant: 'instructor' | 'institution' }) {
  void variant;
  return <div data-testid="ExamCreatePage" />;
}
