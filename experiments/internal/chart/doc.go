// Package chart draws the experiments' charts and boards as pictures, knowing nothing
// of studies: a [Chart] is a line chart of estimates with their 95% intervals against
// x (numeric or categories), with optional reference markers, guide lines and a
// legend, drawn once onto two canvases, an SVG writer ([Chart.SVG]) and a rasteriser
// ([Chart.PNG], the Go fonts compiled in); [BoardPNG] paints a core/draw board drawing
// with the same rasteriser.
//
// Package experiments/report builds the charts from its reports (the sweep curves, the
// ladder's charts) and re-exports BoardPNG; nothing here imports it.
package chart
