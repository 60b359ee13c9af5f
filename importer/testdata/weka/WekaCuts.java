// WekaCuts prints the cut points Weka's unsupervised Discretize computes,
// exactly (Double.toHexString), beside the bin labels of the file that
// Weka's command-line filter wrote. regen.sh runs it; see README.md.
//
// usage: java -cp weka.jar:. WekaCuts IN.arff OUT.arff CLASS DISCRETIZE-OPTIONS...
// CLASS is a 1-based attribute index, "first" or "last".
import java.util.Arrays;

import weka.core.Attribute;
import weka.core.Instances;
import weka.core.converters.ConverterUtils.DataSource;
import weka.filters.Filter;
import weka.filters.unsupervised.attribute.Discretize;

public class WekaCuts {
  public static void main(String[] args) throws Exception {
    Instances data = new DataSource(args[0]).getDataSet();
    Instances written = new DataSource(args[1]).getDataSet();
    data.setClassIndex(classIndex(args[2], data.numAttributes()));
    Discretize d = new Discretize();
    d.setOptions(Arrays.copyOfRange(args, 3, args.length));
    d.setInputFormat(data);
    Filter.useFilter(data, d);
    for (int i = 0; i < data.numAttributes(); i++) {
      if (!data.attribute(i).isNumeric() || i == data.classIndex()
          || written.attribute(i).isNumeric()) {
        continue; // not discretized: nominal, the class, or outside -R
      }
      double[] cuts = d.getCutPoints(i);
      StringBuilder hex = new StringBuilder();
      if (cuts == null) {
        hex.append("-");
      } else {
        for (int j = 0; j < cuts.length; j++) {
          hex.append(j > 0 ? "," : "").append(Double.toHexString(cuts[j]));
        }
      }
      Attribute w = written.attribute(i);
      StringBuilder labels = new StringBuilder();
      for (int j = 0; j < w.numValues(); j++) {
        String v = w.value(j);
        if (v.length() >= 2 && v.startsWith("'") && v.endsWith("'")) {
          v = v.substring(1, v.length() - 1); // Weka 3.6 quotes the label itself
        }
        labels.append(j > 0 ? "|" : "").append(v);
      }
      System.out.println(data.attribute(i).name() + "\t" + hex + "\t" + labels);
    }
  }

  static int classIndex(String s, int n) {
    if (s.equals("first")) {
      return 0;
    }
    if (s.equals("last")) {
      return n - 1;
    }
    return Integer.parseInt(s) - 1;
  }
}
