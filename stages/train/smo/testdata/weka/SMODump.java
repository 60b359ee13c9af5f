// SMODump trains Weka's SMO on one ARFF file and prints, for the Go tests
// of package smo, the first `pairs` pairwise machines (bias and non-zero
// weights, by coordinate: the attribute index after NominalToBinary with
// the class attribute left out), the class Weka predicts for every row of
// a second ARFF file (classifyInstance), and the distribution of every
// `every`-th row (distributionForInstance). Doubles are printed with
// Double.toString, which round-trips exactly.
//
//   javac -cp /usr/share/java/weka.jar -d /tmp SMODump.java
//   java -cp /usr/share/java/weka.jar:/tmp SMODump train.arff test.arff pairs every [SMO options]
//
// Used by regen.sh; see README.md.

import weka.classifiers.functions.SMO;
import weka.core.Instances;
import weka.core.Utils;
import weka.core.converters.ConverterUtils.DataSource;

public class SMODump {
  public static void main(String[] args) throws Exception {
    Instances train = DataSource.read(args[0]);
    train.setClassIndex(train.numAttributes() - 1);
    Instances test = DataSource.read(args[1]);
    test.setClassIndex(test.numAttributes() - 1);
    int maxPairs = Integer.parseInt(args[2]);
    int every = Integer.parseInt(args[3]);
    String[] opts = new String[args.length - 4];
    System.arraycopy(args, 4, opts, 0, opts.length);
    SMO smo = new SMO();
    smo.setOptions(opts);
    smo.buildClassifier(train);
    System.out.println("# SMO " + Utils.joinOptions(smo.getOptions()));

    int k = train.numClasses();
    double[][][] w = smo.sparseWeights();
    int[][][] idx = smo.sparseIndices();
    double[][] b = smo.bias();
    // The filtered class index: classes before it shift the coordinates.
    int classIndex = filteredClassIndex(train);
    int printed = 0;
    for (int i = 0; i < k; i++) {
      for (int j = i + 1; j < k; j++) {
        if (printed++ >= maxPairs) {
          continue;
        }
        if (w[i][j] == null) {
          System.out.println("pair " + i + " " + j + " none");
          continue;
        }
        StringBuilder sb = new StringBuilder();
        sb.append("pair ").append(i).append(' ').append(j).append(" bias ").append(b[i][j]);
        for (int p = 0; p < w[i][j].length; p++) {
          int c = idx[i][j][p];
          if (c == classIndex) {
            continue;
          }
          if (c > classIndex) {
            c--;
          }
          sb.append(' ').append(c).append(':').append(w[i][j][p]);
        }
        System.out.println(sb);
      }
    }
    StringBuilder preds = new StringBuilder();
    for (int r = 0; r < test.numInstances(); r++) {
      preds.append(preds.length() == 0 ? "pred" : "").append(' ').append((int) smo.classifyInstance(test.instance(r)));
      if (r % 50 == 49 || r == test.numInstances() - 1) {
        System.out.println(preds);
        preds.setLength(0);
      }
    }
    for (int r = 0; r < test.numInstances(); r += every) {
      double[] dist = smo.distributionForInstance(test.instance(r));
      StringBuilder sb = new StringBuilder();
      sb.append("dist ").append(r);
      for (double p : dist) {
        sb.append(' ').append(p);
      }
      System.out.println(sb);
    }
  }

  // filteredClassIndex is the class attribute's index after
  // NominalToBinary, which turns a nominal attribute of k > 2 values into
  // k attributes when any attribute has more than two values.
  static int filteredClassIndex(Instances data) {
    boolean transform = false;
    for (int a = 0; a < data.numAttributes(); a++) {
      if (a != data.classIndex() && data.attribute(a).isNominal() && data.attribute(a).numValues() > 2) {
        transform = true;
      }
    }
    int c = 0;
    for (int a = 0; a < data.classIndex(); a++) {
      int z = data.attribute(a).numValues();
      c += (transform && data.attribute(a).isNominal() && z > 2) ? z : 1;
    }
    return c;
  }
}
