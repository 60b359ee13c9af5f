package report

// render draws the plot's figure, or its CD diagram, as format.
func (p Plot) render(format string) ([]byte, error) {
	if p.CD != nil {
		return p.CD.Render(format)
	}
	return p.Figure.Render(format)
}

// title is the title of the plot's figure or CD diagram.
func (p Plot) title() string {
	if p.CD != nil {
		return p.CD.Title
	}
	return p.Figure.Title
}
