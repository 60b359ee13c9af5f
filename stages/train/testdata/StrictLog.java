// StrictLog prints Java's StrictMath.log (fdlibm's __ieee754_log) of a
// spread of arguments, one "x log" pair of IEEE-754 bit patterns (hex) a
// line: 1..2000, n/2, n/3 and n/7 for n = 1..2000, 1 ± k·2^-30 and
// 2000 values of new java.util.Random(1).nextDouble() times 1, 10, 1000
// and 1e-300. Made the fixture strictmath_log.txt:
//
//	javac -d /tmp StrictLog.java && java -cp /tmp StrictLog > strictmath_log.txt
import java.util.Random;

public class StrictLog {
  static void p(double x) {
    System.out.println(Long.toHexString(Double.doubleToRawLongBits(x)) + " "
        + Long.toHexString(Double.doubleToRawLongBits(StrictMath.log(x))));
  }

  public static void main(String[] args) {
    for (int n = 1; n <= 2000; n++) {
      p(n);
      p(n / 2.0);
      p(n / 3.0);
      p(n / 7.0);
    }
    for (int k = 1; k <= 100; k++) {
      p(1 + k * Math.pow(2, -30));
      p(1 - k * Math.pow(2, -30));
    }
    Random r = new Random(1);
    double[] scale = {1, 10, 1000, 1e-300};
    for (int i = 0; i < 2000; i++) {
      p(r.nextDouble() * scale[i % 4]);
    }
  }
}
