// Prints, for each value, Weka 3.6's Utils.doubleToString(v, 6) (J48's
// thresholds) and Double.toString(Utils.roundDouble(v, 2)) (J48's leaf
// weights), tab-separated, v itself written with Double.toString.
double[] vs = {0, 127, 127.5, 0.5, -1.25, 29.9, 0.0000004, 0.0000005, 0.0000015, -0.0000005, 1e-7, 123456.7891234, 2.0000005, 1e7, 12345678.9, 1e12, 1e13, 1e14, 0.001, 0.004, 0.005, 0.015, 0.125, 2.675, 1.005, 3.16, 25.67, 0.18, 1.4999999, -3.5, 9.999995, 1e19, 0.1 + 0.2, 1.0 / 3, 2.0 / 3, 5.55555, 100.0, 1234567.0, 9999999.994, 9999999.996};
for (double v : vs) System.out.println(Double.toString(v) + "\t" + weka.core.Utils.doubleToString(v, 6) + "\t" + Double.toString(weka.core.Utils.roundDouble(v, 2)));
/exit
