// Prints weka.core.Utils.sort(double[]) of every line of stdin (values
// separated by blanks, "NaN" for a missing value): the input, a tab, and
// the positions in Weka's order. Used by sort.sh to make sort.txt.
import java.io.BufferedReader;
import java.io.InputStreamReader;

public class UtilsSort {
  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    for (String line; (line = in.readLine()) != null;) {
      String[] f = line.trim().split("\\s+");
      double[] a = new double[f.length];
      for (int i = 0; i < f.length; i++) a[i] = Double.parseDouble(f[i]);
      int[] s = weka.core.Utils.sort(a);
      StringBuilder b = new StringBuilder(line.trim()).append('\t');
      for (int i = 0; i < s.length; i++) b.append(i == 0 ? "" : " ").append(s[i]);
      System.out.println(b);
    }
  }
}
