import { render, screen } from '@testing-library/react';
import { ChartBoundary, CHART_FAILED_TEXT } from '../components/chart-boundary';

function ChunkThatFails(): never {
  throw new Error('Loading chunk 123 failed.');
}

it('a chart whose chunk cannot be loaded says so; what is beside it stays', () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  render(
    <div>
      <p>Stimmen pro Tag</p>
      <ChartBoundary>
        <ChunkThatFails />
      </ChartBoundary>
    </div>,
  );
  expect(screen.getByRole('status')).toHaveTextContent(CHART_FAILED_TEXT);
  expect(screen.getByText('Stimmen pro Tag')).toBeInTheDocument();
  expect(warn).toHaveBeenCalled();
  error.mockRestore();
  warn.mockRestore();
});

it('a chart that loads is shown as it is', () => {
  render(
    <ChartBoundary>
      <svg aria-label="Diagramm" role="img" />
    </ChartBoundary>,
  );
  expect(screen.getByRole('img', { name: 'Diagramm' })).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});
