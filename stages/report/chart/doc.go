// Package chart draws the report's figures with gonum.org/v1/plot: a
// Figure is a grid of panels sharing one legend, one title and one
// caption, rendered to PNG or SVG.
//
// Conventions:
//
//   - A Series is drawn as a line with its confidence band (Lo, Hi) shaded
//     behind it, or, with Points set, as markers with vertical error bars.
//     Points whose Y is NaN are left out; a band or error bar is drawn
//     only where Lo and Hi are both finite.
//   - A series' colour, dash and marker come from the position of its
//     Label in Figure.Legend, so a learner looks the same in every panel
//     and every figure that lists the learners in the same order.
//   - A Panel with Categories has a nominal x axis: category i sits at
//     x = i. Any panel's series are spread around their x by Dodge (in
//     decades on a LogX axis), so that markers at one x do not overlap.
//   - A numeric x axis is ticked at XTicks when the panel has them, else
//     at the data's own x values when there are a few of them (the
//     training sizes of a grid), else as gonum ticks it; a LogX axis at
//     the powers of ten. A tick label that would overlap its neighbour
//     is left out, the tick kept.
//   - YLabel and YBounds of a Panel override the Figure's, for figures
//     whose panels show different measures.
//   - Output depends only on the Figure: the same Figure gives the same
//     bytes (fixed size and resolution, no timestamps, fonts not
//     embedded in SVG).
package chart
