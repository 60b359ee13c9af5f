package schemas

// CheckTable reports, from its footer alone, whether path is a readable
// dtbench Parquet file holding table (one of the table constants). It lets
// a stage reject a bad input part before it writes anything.
func CheckTable(path, table string) error {
	_, f, err := openParquet(path, table)
	if err != nil {
		return err
	}
	return f.Close()
}
