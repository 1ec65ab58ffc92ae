// Chart.js, registered with only what the call reports draw (tree-shaken): this module is imported on demand by
// the charts, so neither the home page nor the report's first paint waits for it.
import {
  BarController,
  BarElement,
  BubbleController,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';

Chart.register(
  BarController,
  BarElement,
  BubbleController,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

/** Draws a chart on a canvas; the caller destroys it when its data or the canvas goes. */
export function createChart(canvas: HTMLCanvasElement, config: ChartConfiguration): { destroy: () => void } {
  return new Chart(canvas, config);
}
