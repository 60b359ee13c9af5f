// SimpleCartGiniBits prints, for a few two-branch tables, the Gini gain
// that Weka's own SimpleCart.computeGiniGain (a protected method, called
// by reflection) returns, and its IEEE 754 bits in hex: the values
// TestSimpleCartGain expects. With Debian's weka (Weka 3.6.14):
//
//	javac -cp /usr/share/java/weka.jar -d /tmp SimpleCartGiniBits.java
//	java -cp /usr/share/java/weka.jar:/tmp SimpleCartGiniBits
import java.lang.reflect.Method;
import weka.classifiers.trees.SimpleCart;
public class SimpleCartGiniBits {
  public static void main(String[] a) throws Exception {
    Method m = SimpleCart.class.getDeclaredMethod("computeGiniGain", double[].class, double[][].class);
    m.setAccessible(true);
    SimpleCart c = new SimpleCart();
    double[][][] tables = {
      {{3,4},{6,1}}, {{2,2},{1,1}}, {{1,1},{2,2}}, {{4,0},{0,4}}, {{2,6},{2,6}}, {{0,0},{3,5}},
      {{1,2,3},{4,5,6}}, {{4,5,6},{1,2,3}}, {{3,0,1},{0,7,2}}, {{5,5},{2,2}}, {{1,3},{2,6}}, {{2,6},{1,3}},
    };
    for (double[][] t : tables) {
      double[] p = new double[t[0].length];
      for (int i = 0; i < p.length; i++) p[i] = t[0][i] + t[1][i];
      double g = (Double) m.invoke(c, p, t);
      System.out.println(java.util.Arrays.deepToString(t) + " " + g + " " + Long.toHexString(Double.doubleToRawLongBits(g)));
    }
  }
}
